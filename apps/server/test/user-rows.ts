import { creationAudit, newConcurrencyStamp, normalize } from '../src/platform/data/audit.js';

/**
 * An `identityUsers` row as the users repository would write it (normalized names, fresh stamps,
 * creation audit), for tests that insert users below the service. E-mail defaults to
 * `<userName>@example.com`; `overrides` may set any other column.
 */
export function newUserRow<T extends Record<string, unknown> = Record<string, never>>(
  userName: string,
  overrides: { email?: string } & T = {} as T,
) {
  const email = overrides.email ?? `${userName}@example.com`;
  return {
    id: crypto.randomUUID(),
    userName,
    normalizedUserName: normalize(userName),
    email,
    normalizedEmail: normalize(email),
    securityStamp: crypto.randomUUID(),
    concurrencyStamp: newConcurrencyStamp(),
    ...creationAudit(),
    ...overrides,
  };
}
