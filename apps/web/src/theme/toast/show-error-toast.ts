import { RestError } from '#src/core/http/remote-service-error';
import { toaster } from '#src/theme/toast/toaster';

/**
 * An error toast with the server's (already localized) texts, as ABP's `showError` puts them:
 * the details as the message under the message as its title ("An internal error occurred…" over
 * "Request id: …"), the message alone when there are no details, ABP's default text otherwise.
 */
export function showErrorToast(error: unknown): void {
  const remote = error instanceof RestError ? error.remoteError : undefined;
  if (remote?.details) {
    toaster.error(remote.details, remote.message || undefined);
    return;
  }
  toaster.error(
    remote?.message || {
      key: 'AbpUi::DefaultErrorMessage',
      defaultValue: 'An error has occurred!',
    },
  );
}
