import { describe, expect, it } from 'vitest';
import { localize } from '#src/core/localization/i18n';
import { localizeValidation } from './field-error';
import { matches, passwordRulesFrom, passwordValidators } from './password-validators';

const settings = {
  'Abp.Identity.Password.RequiredLength': '6',
  'Abp.Identity.Password.RequireDigit': 'True',
  'Abp.Identity.Password.RequireLowercase': 'True',
  'Abp.Identity.Password.RequireUppercase': 'True',
  'Abp.Identity.Password.RequireNonAlphanumeric': 'True',
};
const show = (message: string | undefined) =>
  message ? localizeValidation(message, localize, 'en') : undefined;

describe('password rules from the server settings', () => {
  it('lists every missing kind in the message', () => {
    const validate = passwordValidators(passwordRulesFrom(settings));
    expect(show(validate('abcdef'))).toBe(
      'Password should include a capital, a number, and a special character.',
    );
    expect(show(validate('ABCDEF'))).toBe(
      'Password should include a small letter, a number, and a special character.',
    );
    expect(show(validate('Abcdef1'))).toBe('Password should include a special character.');
    expect(validate('Abcde1*')).toBeUndefined();
  });

  it('strips accents before testing', () => {
    const validate = passwordValidators(passwordRulesFrom(settings));
    expect(validate('ÁBCDé1*')).toBeUndefined();
  });

  it('checks only the kinds the settings require', () => {
    const validate = passwordValidators(
      passwordRulesFrom({
        ...settings,
        'Abp.Identity.Password.RequireNonAlphanumeric': 'False',
        'Abp.Identity.Password.RequireUppercase': 'false',
      }),
    );
    expect(validate('abcde1')).toBeUndefined();
  });

  it('uses RequiredLength (1 when not an integer) and the fixed 128 maximum', () => {
    const validate = passwordValidators(passwordRulesFrom(settings));
    expect(show(validate('Ab1*'))).toBe('Min. 6 characters are required. (has 4)');
    expect(show(validate(`Ab1*${'x'.repeat(125)}`))).toBe(
      'Max. 128 characters are allowed. (has 129)',
    );
    const loose = passwordValidators(
      passwordRulesFrom({ ...settings, 'Abp.Identity.Password.RequiredLength': 'abc' }),
    );
    expect(show(loose('A'))).toBe(
      'Password should include a small letter, a number, and a special character.',
    );
    expect(show(loose(''))).toBe('This field is required.');
  });

  it('says the passwords do not match', () => {
    expect(show(matches(() => 'Abcde1*')('Abcde1!'))).toBe('Passwords do not match.');
    expect(matches(() => 'same')('same')).toBeUndefined();
  });
});
