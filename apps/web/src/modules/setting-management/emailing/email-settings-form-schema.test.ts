import { describe, expect, it } from 'vitest';
import { EmailSettingsForm, toFormValues, toUpdateInput } from './email-settings-form-schema';

const stored = {
  defaultFromDisplayName: 'Viñeta',
  defaultFromAddress: 'noreply@vineta.mx',
  smtpHost: null,
  smtpPort: 25,
  smtpEnableSsl: false,
  smtpUseDefaultCredentials: true,
  smtpDomain: null,
  smtpUserName: 'mailer',
  smtpPassword: '' as const,
  hasSmtpPassword: true,
};

const messageFor = (values: EmailSettingsForm, field: keyof EmailSettingsForm) => {
  const result = EmailSettingsForm.safeParse(values);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('the e-mail settings form', () => {
  it('starts from the stored values, nulls as empty text and the password empty', () => {
    expect(toFormValues(stored)).toEqual({
      defaultFromDisplayName: 'Viñeta',
      defaultFromAddress: 'noreply@vineta.mx',
      smtpHost: '',
      smtpPort: '25',
      smtpEnableSsl: false,
      smtpUseDefaultCredentials: true,
      smtpDomain: '',
      smtpUserName: 'mailer',
      smtpPassword: '',
      clearSmtpPassword: false,
    });
  });

  it('requires the display name, the address and the port (SPEC.md section 5)', () => {
    const values = {
      ...toFormValues(stored),
      defaultFromDisplayName: '',
      defaultFromAddress: '',
      smtpPort: ' ',
    };
    const result = EmailSettingsForm.safeParse(values);
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]).sort();
    expect(fields).toEqual(['defaultFromAddress', 'defaultFromDisplayName', 'smtpPort']);
    expect(messageFor(values, 'smtpPort')).toBe('AbpValidation::ThisFieldIsRequired.');
  });

  it('keeps the port between 1 and 65535, a whole number', () => {
    const form = toFormValues(stored);
    expect(messageFor({ ...form, smtpPort: '0' }, 'smtpPort')).toBe(
      'AbpValidation::Validation:Min[min=1,actual=0]',
    );
    // A negative number is below the range too, not "not valid".
    expect(messageFor({ ...form, smtpPort: '-5' }, 'smtpPort')).toBe(
      'AbpValidation::Validation:Min[min=1,actual=-5]',
    );
    expect(messageFor({ ...form, smtpPort: '70000' }, 'smtpPort')).toBe(
      'AbpValidation::Validation:Max[max=65535,actual=70000]',
    );
    expect(messageFor({ ...form, smtpPort: '2.5' }, 'smtpPort')).toBe(
      'AbpValidation::ThisFieldIsNotValid.',
    );
    expect(messageFor({ ...form, smtpPort: '587' }, 'smtpPort')).toBeUndefined();
  });

  it('sends the port as a number and an empty password (which keeps the stored one)', () => {
    expect(toUpdateInput({ ...toFormValues(stored), smtpPort: ' 587 ' })).toMatchObject({
      smtpPort: 587,
      smtpPassword: '',
    });
  });

  it('sends no password with the request to remove the stored one', () => {
    const values = { ...toFormValues(stored), smtpPassword: 'typed', clearSmtpPassword: true };
    expect(toUpdateInput(values)).toMatchObject({ smtpPassword: '', clearSmtpPassword: true });
  });
});
