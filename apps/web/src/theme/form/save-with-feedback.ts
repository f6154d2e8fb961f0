import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { RestError } from '#src/core/http/remote-service-error';
import { showErrorToast } from '#src/theme/toast/show-error-toast';
import { toaster } from '#src/theme/toast/toaster';
import { applyValidationErrors } from './apply-validation-errors';

export const savedSuccessfully = {
  key: 'AbpUi::SavedSuccessfully',
  defaultValue: 'Saved successfully',
} as const;

export const itemNoLongerExists = {
  key: 'AbpUi::ItemNoLongerExists',
  defaultValue: 'This item no longer exists: someone else may have deleted it.',
} as const;

/**
 * A modal form's save as every administration modal does it: on success ABP's 'Saved
 * successfully' toast, then `onSaved` (usually closing); on failure the server's validation errors
 * under the form's `fields` (a business error under the field `codeFields` names for its code, a
 * taken name under the name) and its message in an error toast, the modal left open. An item
 * deleted meanwhile (404) says so in plain words instead of ABP's "There is no entity … with
 * id = …" and closes the form (`onGone`): there is nothing left to edit.
 */
export async function saveWithFeedback<T extends FieldValues>(
  save: () => Promise<unknown>,
  options: {
    setError: UseFormSetError<T>;
    fields: readonly string[];
    /** Error codes whose message belongs under a field, e.g. a duplicate name under the name. */
    codeFields?: Readonly<Record<string, string>>;
    onSaved: () => void;
    onGone?: () => void;
  },
): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (options.onGone && error instanceof RestError && error.status === 404) {
      toaster.error(itemNoLongerExists);
      options.onGone();
      return;
    }
    const remote = error instanceof RestError ? error.remoteError : undefined;
    applyValidationErrors(remote, options.setError, options.fields, options.codeFields);
    showErrorToast(error);
    return;
  }
  toaster.success(savedSuccessfully);
  options.onSaved();
}
