import type { IncomingHttpHeaders } from 'node:http';
import type {
  ChangePasswordInput,
  ProfileDto,
  UpdateProfileDto,
} from '@vineta/contracts/account/profile';
import { allowedUserNamePattern } from '@vineta/contracts/identity/identity.limits';
import { IdentitySettingNames } from '@vineta/contracts/identity/identity-settings';
import type { Updateable } from 'kysely';
import type { AppDataContext } from '../../db/database.js';
import { normalize } from '../../platform/data/audit.js';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { ConcurrencyError, EntityNotFoundError } from '../../platform/errors/business-error.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import {
  SecurityLogAction,
  SecurityLogIdentity,
  type SecurityLogRequestInfo,
  type SecurityLogWriter,
} from '../../platform/security-log/security-log-writer.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import { IdentityErrors } from '../identity/identity.errors.js';
import type { UserManager } from '../identity/identity.service.js';
import type { IdentityUsersTable } from '../identity/identity.tables.js';
import { AccountErrors } from './account.errors.js';
import { toProfileDto } from './account-dtos.js';
import type { PasswordPolicy } from './password-policy.js';

const isOn = (value: string | null) => value?.toLowerCase() !== 'false';
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * ABP's `ProfileAppService`: the signed-in user's own profile and password. User name and e-mail
 * changes are silently ignored when their settings are off (ABP's behaviour); a stale
 * `concurrencyStamp` is a 409. Each change writes its security-log row.
 */
export function createProfileService(deps: {
  data: AppDataContext;
  users: UserManager;
  hasher: PasswordHasher;
  settings: SettingManager;
  passwordPolicy: PasswordPolicy;
  securityLog: SecurityLogWriter;
  /** Tells the sign-in server that the user's claims changed. */
  accountChanged(userId: string): Promise<void>;
  /** Ends the user's other sessions and tokens, keeping the request's own. */
  signOutElsewhere(userId: string, request: { headers: IncomingHttpHeaders }): Promise<void>;
}) {
  const { data, users, settings, securityLog } = deps;

  async function load(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new EntityNotFoundError('IdentityUser', userId);
    return user;
  }

  const log = (
    action: string,
    user: { id: string; userName: string },
    request: SecurityLogRequestInfo,
  ) =>
    securityLog.write({
      identity: SecurityLogIdentity.Identity,
      action,
      tenantId: currentDataScope()?.tenantId ?? null,
      userId: user.id,
      userName: user.userName,
      ...request,
    });

  return {
    async get(userId: string): Promise<ProfileDto> {
      return toProfileDto(await load(userId));
    },

    async update(
      userId: string,
      input: UpdateProfileDto,
      request: SecurityLogRequestInfo,
    ): Promise<ProfileDto> {
      return data.transaction(async () => {
        const user = await load(userId);
        if (input.concurrencyStamp && input.concurrencyStamp !== user.concurrencyStamp) {
          throw new ConcurrencyError();
        }
        const [userNameUpdate, emailUpdate] = await Promise.all([
          settings.getOrNull(IdentitySettingNames.User.IsUserNameUpdateEnabled),
          settings.getOrNull(IdentitySettingNames.User.IsEmailUpdateEnabled),
        ]);
        const changes: Updateable<IdentityUsersTable> = {
          name: blankToNull(input.name),
          surname: blankToNull(input.surname),
        };
        const actions: string[] = [];
        const userName = input.userName.trim();
        if (isOn(userNameUpdate) && userName !== user.userName) {
          if (!allowedUserNamePattern.test(userName))
            throw IdentityErrors.invalidUserName(userName);
          await users.assertUnique({ userName }, user.id);
          Object.assign(changes, { userName, normalizedUserName: normalize(userName) });
          actions.push(SecurityLogAction.ChangeUserName);
        }
        if (isOn(emailUpdate) && normalize(input.email) !== user.normalizedEmail) {
          await users.assertUnique({ email: input.email }, user.id);
          Object.assign(changes, {
            email: input.email,
            normalizedEmail: normalize(input.email),
            emailConfirmed: false,
          });
          actions.push(SecurityLogAction.ChangeEmail);
        }
        const phoneNumber = blankToNull(input.phoneNumber);
        if (phoneNumber !== user.phoneNumber) {
          Object.assign(changes, { phoneNumber, phoneNumberConfirmed: false });
          actions.push(SecurityLogAction.ChangePhoneNumber);
        }
        const updated = await users.updateOnce(user, user.concurrencyStamp, changes);
        for (const action of actions) await log(action, updated, request);
        await data.afterCommit(() => deps.accountChanged(userId));
        return toProfileDto(updated);
      });
    },

    /**
     * A new password signs the user out everywhere else (whoever knew the old one loses the
     * sessions it opened) and voids outstanding reset links (password-reset-token.ts); the
     * device that changed it stays signed in.
     */
    async changePassword(
      userId: string,
      input: ChangePasswordInput,
      request: SecurityLogRequestInfo,
      credentials: { headers: IncomingHttpHeaders },
    ): Promise<void> {
      const user = await load(userId);
      if (user.isExternal) throw AccountErrors.externalUserPasswordChange();
      if (user.passwordHash) {
        const current = input.currentPassword ?? '';
        if (!(await deps.hasher.verify(user.passwordHash, current))) {
          throw AccountErrors.passwordMismatch();
        }
      }
      await deps.passwordPolicy.validate(input.newPassword);
      // Hashing before the transaction: SQLite has one connection, never hold it for argon2.
      const passwordHash = await deps.hasher.hash(input.newPassword);
      await data.transaction(async () => {
        const updated = await users.updateOnce(user, user.concurrencyStamp, { passwordHash });
        await log(SecurityLogAction.ChangePassword, updated, request);
        await deps.signOutElsewhere(userId, credentials);
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
