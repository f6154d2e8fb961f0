import type { Updateable } from 'kysely';
import { modificationAudit, newConcurrencyStamp } from '../../platform/data/audit.js';
import { ConcurrencyError } from '../../platform/errors/business-error.js';
import type { IdentityUsersTable } from '../identity/identity.tables.js';
import type { IdentityUserRow, UsersRepository } from '../identity/users/users.repository.js';

const MAX_ATTEMPTS = 5;

/**
 * Read-modify-write of one user of the current tenant under its concurrency stamp. Sign-in
 * bookkeeping (failed-attempt counters) retries when someone saved in between, so no failure is
 * lost; `mutate` returning undefined means nothing to change.
 */
export async function updateUserRetrying(
  users: UsersRepository,
  userId: string,
  mutate: (user: IdentityUserRow) => Updateable<IdentityUsersTable> | undefined,
): Promise<IdentityUserRow | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const user = await users.findById(userId);
    if (!user) return undefined;
    const changes = mutate(user);
    if (!changes) return user;
    const stamped = { ...changes, concurrencyStamp: newConcurrencyStamp(), ...modificationAudit() };
    if (await users.update(userId, user.concurrencyStamp, stamped)) {
      return { ...user, ...stamped } as IdentityUserRow;
    }
  }
  throw new ConcurrencyError();
}

/**
 * One update under the stamp the caller read (the profile form's): a stale stamp is a 409.
 * The security stamp changes too when `rotateSecurityStamp` (credentials changed).
 */
export async function updateUserOnce(
  users: UsersRepository,
  user: IdentityUserRow,
  expectedStamp: string,
  changes: Updateable<IdentityUsersTable>,
  options: { rotateSecurityStamp?: boolean } = {},
): Promise<IdentityUserRow> {
  const stamped = {
    ...changes,
    ...(options.rotateSecurityStamp ? { securityStamp: crypto.randomUUID() } : {}),
    concurrencyStamp: newConcurrencyStamp(),
    ...modificationAudit(),
  };
  if (!(await users.update(user.id, expectedStamp, stamped))) throw new ConcurrencyError();
  return { ...user, ...stamped } as IdentityUserRow;
}
