import { RestError } from '#src/core/http/remote-service-error';
import type { TextSource } from '#src/core/localization/localizable';

const defaultErrorMessage = 'AbpAccount::DefaultErrorMessage';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

type OAuthError = { error?: unknown; error_description?: unknown };

/**
 * The description the sign-in server wrote for this failure: not for `server_error`, whose
 * description is oidc-provider's fixed English "oops! something went wrong".
 */
const describedBy = (failure: OAuthError | undefined) =>
  failure?.error === 'server_error' ? undefined : text(failure?.error_description);

/**
 * SPEC.md section 8: the token endpoint's `error_description`, else the server's error message
 * (ABP's error body, e.g. from the code flow's interaction), else the default message.
 */
export function signInErrorText(error: unknown): TextSource {
  if (typeof error !== 'object' || error === null) return defaultErrorMessage;
  const description = describedBy(error as OAuthError);
  if (description) return description;
  if (error instanceof RestError) {
    return (
      describedBy(error.body as OAuthError | undefined) ??
      text(error.remoteError?.message) ??
      defaultErrorMessage
    );
  }
  return defaultErrorMessage;
}
