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
 * settings. The first failing rule gives ABP's business error its code
 * (`Volo.Abp.Identity:<code>`); its message tells every failing rule, as ABP's does.
 */
export function createPasswordPolicy(settings: SettingManager) {
  return {
    async validate(password: string): Promise<void> {
      const values = Object.fromEntries(
        await Promise.all(names.map(async (name) => [name, await settings.getOrNull(name)])),
      );
      const [first, ...more] = identityPasswordErrors(
        password,
        passwordRulesFromSettings(values),
      ).map((error) => ({
        code: `Volo.Abp.Identity:${error.code}`,
        data: ruleParameter(error),
      }));
      if (!first) return;
      throw new BusinessError(first.code, { status: 403, data: first.data, more });
    },
  };
}

export type PasswordPolicy = ReturnType<typeof createPasswordPolicy>;

/** The number a rule's text names: the minimum length or the count of distinct characters. */
function ruleParameter(error: ReturnType<typeof identityPasswordErrors>[number]) {
  if (error.code === 'PasswordTooShort') return { 0: error.length };
  if (error.code === 'PasswordRequiresUniqueChars') return { 0: error.uniqueChars };
  return {};
}
