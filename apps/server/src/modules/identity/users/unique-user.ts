import { normalize } from '../../../platform/data/audit.js';
import { IdentityErrors } from '../identity.errors.js';
import type { UsersRepository } from './users.repository.js';

/**
 * ASP.NET Identity's user validator: user names and e-mails unique in the tenant, case-insensitive,
 * among live users; a field left undefined is not changing. Beyond it, a user name may not be
 * another user's e-mail address: sign-in looks a name up before an address (as ABP's does), so
 * that name would take the address's owner's sign-in, and count its failures against itself.
 */
export async function assertUniqueUser(
  users: UsersRepository,
  user: { userName?: string | undefined; email?: string | undefined },
  exceptUserId?: string,
): Promise<void> {
  const taken = (owner: { id: string } | undefined) => owner && owner.id !== exceptUserId;
  const { userName, email } = user;
  if (userName !== undefined) {
    const normalized = normalize(userName);
    if (taken(await users.findByNormalizedUserName(normalized))) {
      throw IdentityErrors.duplicateUserName(userName);
    }
    if (userName.includes('@') && taken(await users.findByNormalizedEmail(normalized))) {
      throw IdentityErrors.duplicateUserName(userName);
    }
  }
  if (email !== undefined && taken(await users.findByNormalizedEmail(normalize(email)))) {
    throw IdentityErrors.duplicateEmail(email);
  }
}
