import { isAbsolute, resolve } from 'node:path';
import type { DatabaseTarget } from '../config.js';

const SQLITE_EXTENSIONS = /\.(sqlite3?|db)$/i;
/** ABP's own SQLite form (`Data Source=MyProject.db`), with no other keyword. */
const ADO_SQLITE = /^(?:data\s*source|filename)\s*=\s*([^;]*?)\s*;?$/i;

/**
 * A tenant's connection string as a database target, or undefined when it is neither a
 * PostgreSQL URL (`postgres://` or `postgresql://`, with a host and a database name) nor a SQLite
 * file path (`sqlite:` or `file:` optional, or ABP's `Data Source=…`; ending in `.sqlite`,
 * `.sqlite3` or `.db`; relative paths are under the data folder). The extension is required so
 * that another engine's string (`Server=…;Database=…`) is refused instead of becoming an oddly
 * named file.
 */
export function parseConnectionString(value: string, dataDir: string): DatabaseTarget | undefined {
  const text = value.trim();
  if (!text || /[\0\r\n]/.test(text)) return undefined;
  if (/^postgres(ql)?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    if (!url.hostname || url.pathname.replace(/^\//, '') === '') return undefined;
    return { dialect: 'postgres', connectionString: text };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^(sqlite|file):/i.test(text)) return undefined;
  const keyword = ADO_SQLITE.exec(text);
  const path = keyword ? (keyword[1] ?? '').trim() : text.replace(/^(sqlite|file):(\/\/)?/i, '');
  // `=` or `;` left in a path means another engine's keywords, never a file name.
  if (!path || /[?=;]/.test(path) || !SQLITE_EXTENSIONS.test(path)) return undefined;
  return { dialect: 'sqlite', file: isAbsolute(path) ? resolve(path) : resolve(dataDir, path) };
}
