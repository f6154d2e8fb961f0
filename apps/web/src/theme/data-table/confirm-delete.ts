import type { TextSource } from '#src/core/localization/localizable';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { showErrorToast } from '#src/theme/toast/show-error-toast';
import { toaster } from '#src/theme/toast/toaster';

export interface ConfirmDeleteOptions {
  /** e.g. "Role '{0}' will be deleted. Do you confirm that?" with the row's name. */
  message: TextSource;
  /** ABP's "Are you sure?" of the module's own resource. */
  title?: TextSource;
  remove: () => Promise<unknown>;
}

/**
 * A list row's delete: a warning confirmation, then the call, then a success toast or the
 * server's message. Resolves true when the row was deleted.
 */
export async function confirmDelete({
  message,
  title = 'AbpUi::AreYouSure',
  remove,
}: ConfirmDeleteOptions): Promise<boolean> {
  const status = await confirmation.warn(message, title, { destructive: true });
  if (status !== 'confirm') return false;
  try {
    await remove();
    toaster.success('AbpUi::SuccessfullyDeleted');
    return true;
  } catch (error) {
    showErrorToast(error);
    return false;
  }
}
