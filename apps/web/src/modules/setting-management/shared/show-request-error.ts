import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { reportHttpError } from '#src/core/http/http';
import { RestError } from '#src/core/http/remote-service-error';
import { applyValidationErrors } from '#src/theme/form/apply-validation-errors';

/**
 * Where a failed save or send is shown: validation errors under their fields; a refusal the
 * server explained (its localized message) goes back to the caller to show in a toast or an
 * alert; anything else (401, 403, 500, network) to the app's global HTTP error handling.
 * Returns the message to show, if any.
 */
export function takeRequestError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | undefined {
  if (!(error instanceof RestError)) throw error;
  const remote = error.remoteError;
  if (remote?.validationErrors?.length) {
    const unplaced = applyValidationErrors(remote, setError, fields);
    return unplaced.length ? unplaced.join(' ') : undefined;
  }
  const message = remote?.details || remote?.message;
  if (error.status === 400 && message) return message;
  reportHttpError(error);
  return undefined;
}
