/** The admin password the bench server seeds and the load signs in with. */
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-1!';
/** The tenant of the users-list benchmark (users-seed.ts) and the surname its selective filter finds. */
export const BENCH_TENANT = 'bench-users';
export const RARE_SURNAME = 'Zubizarreta';
