import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { RemoteServiceErrorInfo } from '#src/core/http/remote-service-error';

/**
 * Puts the server's `validationErrors` under their fields; returns the messages that name no
 * field of the form, for the caller to show elsewhere.
 */
export function applyValidationErrors<T extends FieldValues>(
  error: RemoteServiceErrorInfo | undefined,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string[] {
  const rest: string[] = [];
  for (const item of error?.validationErrors ?? []) {
    const members = item.members.filter((member) => fields.includes(member));
    if (members.length === 0) rest.push(item.message);
    for (const member of members) {
      setError(
        member as Path<T>,
        { type: 'server', message: item.message },
        { shouldFocus: false },
      );
    }
  }
  return rest;
}
