/** The admin password the bench server seeds and the load signs in with. */
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-1!';
/** The tenant of the users-list benchmark (users-seed.ts) and the surname its selective filter finds. */
export const BENCH_TENANT = 'bench-users';
export const RARE_SURNAME = 'Zubizarreta';
/** A tenant of the users bench with 21 users (its admin's password is BENCH_USER_PASSWORD). */
export const BENCH_SMALL_TENANT = 'bench-other-0000';
/** The password of every user the users bench seeds (one hash for all of them). */
export const BENCH_USER_PASSWORD = 'Bench-User-1!';
