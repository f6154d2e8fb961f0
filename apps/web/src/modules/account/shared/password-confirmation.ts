import type { z } from 'zod';
import { validationMessages } from '#src/theme/form/validation-message';

/**
 * Adds 'Passwords do not match.' to both fields when both hold a value and they differ (SPEC.md
 * section 5). It runs even when a field breaks a password rule, so the two errors agree.
 */
export function requireMatchingPasswords<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  password: string,
  confirmation: string,
): S {
  const filled = (payload: { value: unknown }) => {
    const values = payload.value as Record<string, unknown> | undefined;
    const a = values?.[password];
    const b = values?.[confirmation];
    return typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '';
  };
  const same = (values: Record<string, unknown>) => values[password] === values[confirmation];
  const message = validationMessages.passwordMismatch.key;
  return schema
    .refine(same, { path: [password], message, when: filled })
    .refine(same, { path: [confirmation], message, when: filled }) as S;
}
