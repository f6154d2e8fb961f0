import { RestError } from '#src/core/http/remote-service-error';
import type { TextSource } from '#src/core/localization/localizable';

const defaultErrorMessage = 'AbpAccount::DefaultErrorMessage';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * SPEC.md section 8: the token endpoint's `error_description`, else the server's error message
 * (ABP's error body, e.g. from the code flow's interaction), else the default message.
 */
export function signInErrorText(error: unknown): TextSource {
  if (typeof error !== 'object' || error === null) return defaultErrorMessage;
  const description = text((error as { error_description?: unknown }).error_description);
  if (description) return description;
  if (error instanceof RestError) {
    const body = error.body as { error_description?: unknown } | undefined;
    return text(body?.error_description) ?? text(error.remoteError?.message) ?? defaultErrorMessage;
  }
  return defaultErrorMessage;
}
