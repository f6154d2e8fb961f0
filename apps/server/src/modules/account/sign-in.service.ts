import { IdentitySettingNames } from '@vineta/contracts/identity/identity-settings';
import { normalize } from '../../platform/data/audit.js';
import { withinTenant } from '../../platform/data/data-scope.js';
import { isStorableText } from '../../platform/data/storable-text.js';
import { formatDuration } from '../../platform/localization/duration.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type {
  SecurityLogRequestInfo,
  SecurityLogWriter,
} from '../../platform/security-log/security-log-writer.js';
import { SecurityLogAction } from '../../platform/security-log/security-log-writer.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import type { UserManager } from '../identity/identity.service.js';
import type { IdentityUserRow } from '../identity/identity.tables.js';
import { createAttemptGate } from './attempt-gate.js';
import { createPasswordHashCensus } from './password-hash-census.js';

/** ABP's `SignInResult` outcomes (the web app's `LoginResultType`). */
export type SignInResult =
  | { result: 'Success'; user: IdentityUserRow }
  | { result: 'InvalidUserNameOrPassword' }
  | { result: 'NotAllowed'; user: IdentityUserRow }
  | { result: 'LockedOut'; lockoutEnd: Date; user: IdentityUserRow };

export interface SignInAttempt {
  userNameOrEmailAddress: string;
  password: string;
  tenant: { id: string; name: string } | null;
  /** `Identity` for the sign-in page, `IdentityServer` for the token endpoint. */
  identity: string;
  request: SecurityLogRequestInfo;
  /**
   * Only the password is checked (ABP's `check-password`): a success signs nobody in, so it
   * writes no `LoginSucceeded` row. Failures count towards lockout and are logged as ever.
   */
  checkOnly?: boolean;
}

const isTrue = (value: string | null) => value?.toLowerCase() === 'true';

/**
 * ASP.NET Identity's `CheckPasswordSignInAsync` with lockout, as ABP's resource-owner password
 * validator calls it, plus a security-log row for every outcome. Every path spends one
 * verification, and a failed one lasts as long as the slowest kind of stored hash takes
 * (password-hash-census.ts), so the answer's timing does not tell whether the user exists or is
 * locked out. Hashing never runs inside a transaction: SQLite has one connection.
 */
export function createSignInService(deps: {
  users: UserManager;
  hasher: PasswordHasher;
  settings: SettingManager;
  securityLog: SecurityLogWriter;
}) {
  const { users, hasher, settings, securityLog } = deps;
  const ensureCensus = createPasswordHashCensus({ users, hasher });
  const gate = createAttemptGate();

  /** ABP: the user name first; an e-mail address when no user has it as user name. */
  async function findUser(input: string): Promise<IdentityUserRow | undefined> {
    // No user's name holds a NUL; looking one up failed the sign-in with a 500 on PostgreSQL.
    if (!isStorableText(input)) return undefined;
    const normalized = normalize(input.trim());
    const byName = await users.findByNormalizedUserName(normalized);
    if (byName || !input.includes('@')) return byName;
    return users.findByNormalizedEmail(normalized);
  }

  const isLockedOut = (user: IdentityUserRow, now: Date) =>
    user.lockoutEnabled && user.lockoutEnd !== null && new Date(user.lockoutEnd) > now;

  /** Email or phone confirmation required by the settings, or a deactivated account. */
  async function canSignIn(user: IdentityUserRow): Promise<boolean> {
    if (!user.isActive) return false;
    const [email, phone] = await Promise.all([
      settings.getOrNull(IdentitySettingNames.SignIn.RequireConfirmedEmail),
      settings.getOrNull(IdentitySettingNames.SignIn.RequireConfirmedPhoneNumber),
    ]);
    if (isTrue(email) && !user.emailConfirmed) return false;
    if (isTrue(phone) && !user.phoneNumberConfirmed) return false;
    return true;
  }

  async function lockoutPolicy() {
    const [maxText, durationText] = await Promise.all([
      settings.getOrNull(IdentitySettingNames.Lockout.MaxFailedAccessAttempts),
      settings.getOrNull(IdentitySettingNames.Lockout.LockoutDuration),
    ]);
    return { max: Number(maxText) || 5, durationSeconds: Number(durationText) || 300 };
  }

  /**
   * A place among the user's running checks (attempt-gate.ts): as many as the failures it has
   * left. `undefined` when checks run meanwhile have locked the user out.
   */
  async function enterGate(user: IdentityUserRow) {
    if (!user.lockoutEnabled) return { failed: () => undefined, leave: () => undefined };
    return gate.enter(user.id, async () => (await lockoutPolicy()).max - user.accessFailedCount);
  }

  /** Counts a failure; at `MaxFailedAccessAttempts` locks for `LockoutDuration` seconds. */
  async function recordFailure(user: IdentityUserRow): Promise<Date | undefined> {
    if (!user.lockoutEnabled) return undefined;
    const { max, durationSeconds } = await lockoutPolicy();
    let lockoutEnd: Date | undefined;
    await users.updateRetrying(user.id, (current) => {
      const count = current.accessFailedCount + 1;
      if (count < max) return { accessFailedCount: count };
      lockoutEnd = new Date(Date.now() + durationSeconds * 1000);
      return { accessFailedCount: 0, lockoutEnd: lockoutEnd.toISOString() };
    });
    return lockoutEnd;
  }

  /**
   * Clears the failures after a right password; `false` when a lockout began while the password
   * was being checked (another instance's failures, seen when there were failures to clear): it
   * stands, and the success does not count. A guess still running when the account was locked
   * used to be let in, and to unlock it.
   */
  async function resetFailures(user: IdentityUserRow): Promise<boolean> {
    if (user.accessFailedCount === 0 && user.lockoutEnd === null) return true;
    let lockedMeanwhile = false;
    // `lockoutEnd` only when set: writing it tells the users list its totals are stale.
    await users.updateRetrying(user.id, (current) => {
      lockedMeanwhile = isLockedOut(current, new Date());
      if (lockedMeanwhile) return undefined;
      return current.accessFailedCount === 0 && current.lockoutEnd === null
        ? undefined
        : { accessFailedCount: 0, ...(current.lockoutEnd === null ? {} : { lockoutEnd: null }) };
    });
    return !lockedMeanwhile;
  }

  async function check(attempt: SignInAttempt): Promise<SignInResult> {
    await ensureCensus(attempt.tenant?.id ?? null);
    const now = new Date();
    const user = await findUser(attempt.userNameOrEmailAddress);
    const log = (action: string, who?: IdentityUserRow) =>
      securityLog.write({
        identity: attempt.identity,
        action,
        tenantId: attempt.tenant?.id ?? null,
        tenantName: attempt.tenant?.name ?? null,
        userId: who?.id ?? null,
        userName: who?.userName ?? attempt.userNameOrEmailAddress,
        ...attempt.request,
      });

    if (!user?.passwordHash) {
      await hasher.verifyAgainstNothing(attempt.password);
      await log(SecurityLogAction.LoginInvalidUserName, user);
      return { result: 'InvalidUserNameOrPassword' };
    }
    const lockedOut = async (locked: IdentityUserRow, lockoutEnd: Date): Promise<SignInResult> => {
      await log(SecurityLogAction.LoginLockedout, locked);
      return { result: 'LockedOut', lockoutEnd, user: locked };
    };
    if (isLockedOut(user, now)) {
      await hasher.verifyAgainstNothing(attempt.password);
      return lockedOut(user, new Date(user.lockoutEnd as string));
    }
    const place = await enterGate(user);
    if (!place) {
      await hasher.verifyAgainstNothing(attempt.password);
      const locked = (await users.findById(user.id)) ?? user;
      return lockedOut(locked, new Date(locked.lockoutEnd ?? Date.now()));
    }
    const passwordHash = user.passwordHash;
    try {
      if (!(await hasher.verify(passwordHash, attempt.password))) {
        place.failed();
        const lockoutEnd = await recordFailure(user);
        if (lockoutEnd) return await lockedOut(user, lockoutEnd);
        await log(SecurityLogAction.LoginInvalidUserNameOrPassword, user);
        return { result: 'InvalidUserNameOrPassword' };
      }
      // Only a caller who knows the password learns that the account cannot sign in.
      if (!(await canSignIn(user))) {
        await log(SecurityLogAction.LoginNotAllowed, user);
        return { result: 'NotAllowed', user };
      }
      if (!(await resetFailures(user))) {
        const locked = (await users.findById(user.id)) ?? user;
        return await lockedOut(locked, new Date(locked.lockoutEnd ?? Date.now()));
      }
      await upgradeHash(user.id, passwordHash, attempt.password);
      if (!attempt.checkOnly) await log(SecurityLogAction.LoginSucceeded, user);
      return { result: 'Success', user };
    } finally {
      place.leave();
    }
  }

  /**
   * A hash made with other argon2id parameters than the configured ones (or by another scheme)
   * is made again now that the password is known, as ASP.NET Identity does on a sign-in that
   * says `SuccessRehashNeeded`. The password is the same, so neither the security stamp (which
   * would sign the user out elsewhere) nor the concurrency stamp (an editor's form) changes.
   */
  async function upgradeHash(userId: string, stored: string, password: string) {
    if (!hasher.needsRehash(stored)) return;
    await users.replacePasswordHash(userId, stored, await hasher.hash(password));
  }

  return {
    /** Checks the credentials in the attempt's tenant (`null`: the host). */
    checkPassword: (attempt: SignInAttempt) =>
      withinTenant(attempt.tenant?.id ?? null, () => check(attempt)),
  };
}

export type SignInService = ReturnType<typeof createSignInService>;

/** The localized text (AbpAccount resource) that tells a user why signing in failed. */
export function signInFailureText(
  outcome: Exclude<SignInResult, { result: 'Success' }>,
  culture: string,
): { key: string; data?: Record<string, unknown> } {
  switch (outcome.result) {
    case 'LockedOut':
      return { key: 'LockedOutFor', data: { 0: lockoutTimeLeft(outcome.lockoutEnd, culture) } };
    case 'NotAllowed':
      return { key: 'LoginIsNotAllowed' };
    default:
      return { key: 'InvalidUserNameOrPassword' };
  }
}

/**
 * How long until the lockout ends, in words ("5 minutos"): a clock time would have to be in the
 * user's time zone, which the server does not know. Whole minutes, rounded up, so that a user who
 * waits as long as it says is let in.
 */
function lockoutTimeLeft(end: Date, culture: string): string {
  const minutes = Math.max(1, Math.ceil((end.getTime() - Date.now()) / 60_000));
  return formatDuration(minutes * 60, culture);
}
