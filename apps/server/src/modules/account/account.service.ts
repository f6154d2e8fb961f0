import type { RegisterDto } from '@vineta/contracts/account/register';
import { allowedUserNamePattern } from '@vineta/contracts/identity/identity.limits';
import {
  AccountSettingNames,
  IdentitySettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import type { AppDataContext } from '../../db/database.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../platform/data/audit.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import { IdentityErrors } from '../identity/identity.errors.js';
import { toIdentityUserDto, type UserManager } from '../identity/identity.service.js';
import { AccountErrors } from './account.errors.js';
import type { PasswordPolicy } from './password-policy.js';

/**
 * Self-registration (ABP's `AccountAppService.RegisterAsync`): a user in the current tenant with
 * the tenant's default roles, refused when `Abp.Account.IsSelfRegistrationEnabled` is off.
 */
export function createAccountService(deps: {
  data: AppDataContext;
  users: UserManager;
  hasher: PasswordHasher;
  settings: SettingManager;
  passwordPolicy: PasswordPolicy;
}) {
  const { data, users, hasher, settings, passwordPolicy } = deps;

  return {
    async register(input: RegisterDto) {
      const enabled = await settings.getOrNull(AccountSettingNames.IsSelfRegistrationEnabled);
      if (!isEnabledUnlessFalse(enabled)) throw AccountErrors.selfRegistrationDisabled();
      const userName = input.userName.trim();
      if (!allowedUserNamePattern.test(userName)) throw IdentityErrors.invalidUserName(userName);
      await passwordPolicy.validate(input.password);
      await users.assertUnique({ userName, email: input.emailAddress });
      const lockoutEnabled = (
        await settings.getOrNull(IdentitySettingNames.Lockout.AllowedForNewUsers)
      )?.toLowerCase();
      // Hashing before the transaction: SQLite has one connection, never hold it for argon2.
      const passwordHash = await hasher.hash(input.password);

      return data.transaction(async () => {
        await users.assertUnique({ userName, email: input.emailAddress });
        const id = crypto.randomUUID();
        await users.insert({
          id,
          userName,
          normalizedUserName: normalize(userName),
          email: input.emailAddress,
          normalizedEmail: normalize(input.emailAddress),
          passwordHash,
          securityStamp: crypto.randomUUID(),
          lockoutEnabled: lockoutEnabled !== 'false',
          concurrencyStamp: newConcurrencyStamp(),
          ...creationAudit(),
        });
        await users.addDefaultRoles(id);
        const created = await users.findById(id);
        if (!created) throw new Error('The registered user could not be read back');
        return toIdentityUserDto(created);
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
