/** The admin password the bench server seeds and the load signs in with. */
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-1!';
