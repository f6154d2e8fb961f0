import { RestError } from '#src/core/http/remote-service-error';
import { toaster } from '#src/theme/toast/toaster';

/** An error toast with the server's (already localized) message, or ABP's default text. */
export function showErrorToast(error: unknown): void {
  const remote = error instanceof RestError ? error.remoteError : undefined;
  const message = remote?.details || remote?.message;
  toaster.error(
    message ?? { key: 'AbpUi::DefaultErrorMessage', defaultValue: 'An error has occurred!' },
  );
}
