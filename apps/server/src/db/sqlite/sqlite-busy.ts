/** SQLite's answer while another connection or process holds the lock it needs (SQLITE_BUSY_*). */
export const isSqliteBusy = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');
