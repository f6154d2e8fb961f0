import { IdentitySettingNames } from '@vineta/contracts/identity/identity-settings';
import {
  identityPasswordErrors,
  passwordRulesFromSettings,
} from '@vineta/contracts/identity/password-rules';
import { BusinessError } from '../../platform/errors/business-error.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';

const names = Object.values(IdentitySettingNames.Password);

/**
 * ASP.NET Identity's password validator with the current tenant's `Abp.Identity.Password.*`
 * settings. The first failing rule becomes ABP's business error (`Volo.Abp.Identity:<code>`).
 */
export function createPasswordPolicy(settings: SettingManager) {
  return {
    async validate(password: string): Promise<void> {
      const values = Object.fromEntries(
        await Promise.all(names.map(async (name) => [name, await settings.getOrNull(name)])),
      );
      const [first] = identityPasswordErrors(password, passwordRulesFromSettings(values));
      if (!first) return;
      const parameter =
        first.code === 'PasswordTooShort'
          ? first.length
          : first.code === 'PasswordRequiresUniqueChars'
            ? first.uniqueChars
            : undefined;
      throw new BusinessError(`Volo.Abp.Identity:${first.code}`, {
        status: 403,
        data: parameter === undefined ? {} : { 0: parameter },
      });
    },
  };
}

export type PasswordPolicy = ReturnType<typeof createPasswordPolicy>;
