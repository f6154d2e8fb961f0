import {
  missingPasswordKinds,
  type PasswordRules,
  passwordRulesFromSettings,
} from '@vineta/contracts/identity/password-rules';
import { encodeValidation } from './validation-message';
import { compose, required, stringLength, type Validator } from './validators';

/** SPEC.md section 5: the maximum is fixed at 128 whatever the settings say. */
export const passwordMaxLength = 128;

/** Password rules from the configuration's `Abp.Identity.Password.*` settings. */
export function passwordRulesFrom(
  settings: Readonly<Record<string, string | null | undefined>>,
): PasswordRules {
  return passwordRulesFromSettings(settings);
}

/** 'Password should include …' listing the missing kinds (accents stripped first). */
export function passwordComplexity(rules: PasswordRules): Validator {
  return (value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    const missing = missingPasswordKinds(value, rules);
    return missing.length ? encodeValidation('passwordRules', { missing }) : undefined;
  };
}

/** ABP's `getPasswordValidators`: required, length RequiredLength–128, then the kinds. */
export function passwordValidators(rules: PasswordRules): Validator {
  return compose(
    required(),
    stringLength({ min: Math.max(1, rules.requiredLength), max: passwordMaxLength }),
    passwordComplexity(rules),
  );
}

/** The confirmation must equal the password ('Passwords do not match.'). */
export function matches(other: () => unknown): Validator {
  return (value) => (value === other() ? undefined : encodeValidation('passwordMismatch'));
}
