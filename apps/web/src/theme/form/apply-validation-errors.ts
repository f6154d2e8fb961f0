import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { RemoteServiceErrorInfo } from '#src/core/http/remote-service-error';

/**
 * Puts the server's `validationErrors` under their fields, and its message under the field that
 * `codeFields` names for its error code (ABP's "User name 'x' is already taken." is a business
 * error, not a validation error); returns the validation messages that name no field of the form,
 * for the caller to show elsewhere.
 */
export function applyValidationErrors<T extends FieldValues>(
  error: RemoteServiceErrorInfo | undefined,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  codeFields: Readonly<Record<string, string>> = {},
): string[] {
  const rest: string[] = [];
  // The first field put in error takes focus, to be mended: the errors leave the form invalid,
  // and the Save button that was pressed is disabled by them (a disabled button drops focus to
  // the page's body).
  let focused = false;
  const put = (field: string, message: string) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  };
  const codeField = error?.code ? codeFields[error.code] : undefined;
  if (codeField && error?.message) put(codeField, error.message);
  for (const item of error?.validationErrors ?? []) {
    const members = item.members.filter((member) => fields.includes(member));
    if (members.length === 0) rest.push(item.message);
    for (const member of members) put(member, item.message);
  }
  return rest;
}

/** `codeFields` that put each of `codes` under `field`. */
export const codesUnder = (codes: readonly string[], field: string): Record<string, string> =>
  Object.fromEntries(codes.map((code) => [code, field]));
