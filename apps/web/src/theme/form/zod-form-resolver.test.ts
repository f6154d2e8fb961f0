import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localize } from '#src/core/localization/i18n';
import { localizeValidation } from './field-error';
import { zodFormResolver } from './zod-form-resolver';

const schema = z.object({
  userName: z.string().min(1).max(5),
  emailAddress: z.email(),
  port: z.number().min(1).max(65535),
  site: z.url().optional(),
});
type Values = z.infer<typeof schema>;

async function messages(values: Record<string, unknown>) {
  const resolver = zodFormResolver<Values>(schema);
  const { errors } = await resolver(values as Values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([name, error]) => [
      name,
      localizeValidation(String((error as { message: string }).message), localize),
    ]),
  );
}

describe('zod schemas in forms', () => {
  it("says what a pattern allows when the contract names a text, else ABP's generic words", async () => {
    const patterns = z.object({
      said: z.string().regex(/^[a-z]*$/, { message: 'AbpIdentity::UserNameCharacters' }),
      unsaid: z.string().regex(/^[a-z]*$/),
    });
    const resolver = zodFormResolver<z.infer<typeof patterns>>(patterns);
    const { errors } = await resolver({ said: 'Ñ', unsaid: 'Ñ' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors.said?.message).toBe('AbpIdentity::UserNameCharacters');
    expect(localizeValidation(String(errors.unsaid?.message), localize)).toBe(
      'Invalid pattern. Please review your input.',
    );
  });

  it('uses the messages of SPEC.md section 5', async () => {
    expect(await messages({ userName: '', emailAddress: 'x', port: 0, site: 'nope' })).toEqual({
      userName: 'This field is required.',
      emailAddress: 'Please enter a valid email address.',
      port: 'Min. value should be 1. (0 entered)',
      site: 'Please enter a valid URL (http, https or ftp).',
    });
    expect(await messages({ userName: 'abcdefg', emailAddress: 'a@b.co', port: 70000 })).toEqual({
      userName: 'Max. 5 characters are allowed. (has 7)',
      port: 'Max. value should be 65535. (70000 entered)',
    });
  });

  it('treats a missing value as required', async () => {
    expect((await messages({ emailAddress: 'a@b.co', port: 1 })).userName).toBe(
      'This field is required.',
    );
  });

  it('calls an empty e-mail required, not malformed', async () => {
    expect((await messages({ userName: 'ana', emailAddress: '', port: 1 })).emailAddress).toBe(
      'This field is required.',
    );
  });

  it('passes valid values through', async () => {
    const resolver = zodFormResolver<Values>(schema);
    const result = await resolver(
      { userName: 'ana', emailAddress: 'a@b.co', port: 25 },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ userName: 'ana', emailAddress: 'a@b.co', port: 25 });
  });
});
