import {
  type PasswordRules,
  passwordRulesFromSettings,
} from '@vineta/contracts/identity/password-rules';

/** Password rules from the configuration's `Abp.Identity.Password.*` settings. */
export function passwordRulesFrom(
  settings: Readonly<Record<string, string | null | undefined>>,
): PasswordRules {
  return passwordRulesFromSettings(settings);
}
