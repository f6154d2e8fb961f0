import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { appPort } from './ports';

/**
 * The test-only arrangement for profiles no API creates. The server has no external sign-in
 * provider, which is where ABP's users without a password (external logins) and external users
 * (`IsExternal`, from an external login provider such as LDAP) come from; its APIs, like ABP's,
 * create users with a password only. So a spec registers and signs in a user through the API, then
 * changes that user's row in the app server's own SQLite database (DATA_DIR from
 * playwright.config.ts) the way such a provider would have created it. Everything the server does
 * with the row afterwards is real. `undefined` when the specs run against a server started
 * elsewhere (E2E_BASE_URL, a reused server), whose database they cannot reach.
 */
export function serverDatabaseFile(port = appPort): string | undefined {
  const root = process.env.E2E_DATA_ROOT;
  if (!root || process.env.E2E_BASE_URL) return undefined;
  const file = join(root, String(port), 'vineta.sqlite');
  return existsSync(file) ? file : undefined;
}

/** Turns a host user into one without a password, or into an external user, as described above. */
export function arrangeHostUser(file: string, userName: string, as: 'passwordless' | 'external') {
  const db = new Database(file, { timeout: 10_000 });
  try {
    const assignment = as === 'passwordless' ? 'password_hash = null' : 'is_external = 1';
    const changed = db
      .prepare(
        `update identity_users set ${assignment} where normalized_user_name = ? and tenant_id is null`,
      )
      .run(userName.toUpperCase()).changes;
    if (changed !== 1) throw new Error(`no host user ${userName} to arrange`);
  } finally {
    db.close();
  }
}
