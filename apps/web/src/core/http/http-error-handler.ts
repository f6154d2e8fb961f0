import type { TextSource } from '../localization/localizable';
import {
  defaultErrorMessages,
  type ErrorScreenStatus,
  serverUnreachable,
} from './default-error-messages';
import type { RestError } from './remote-service-error';

export interface ErrorScreenRequest {
  status: number;
  title: TextSource;
  details: TextSource;
  /** False hides the Home link (status 0). */
  isHomeShow?: boolean;
}

/** What the theme does for the handler: a full-screen page, a dialog, the sign-in page. */
export interface HttpErrorPresenter {
  showErrorScreen(request: ErrorScreenRequest): void;
  /** Resolves when the dialog is closed. */
  showErrorDialog(message: TextSource, title: TextSource): Promise<unknown>;
  navigateToLogin(): void;
  /** The session's tenant is gone: back to the host, signed out, on the sign-in page. */
  leaveTenant(): void;
}

/**
 * What the server answers for every request in a tenant that was deactivated or deleted: the
 * session in it cannot go on (each page would show the same dialog again). ABP's servers name it
 * in the `Abp-Tenant-Resolve-Error` header, ours with its error codes too.
 */
const tenantGoneCodes = new Set([
  'AbpUiMultiTenancy:GivenTenantIsNotActive',
  'AbpUiMultiTenancy:GivenTenantIsNotAvailable',
]);
export const isTenantGone = (error: RestError): boolean =>
  error.headers.has('Abp-Tenant-Resolve-Error') ||
  tenantGoneCodes.has(error.remoteError?.code ?? '');

export interface HttpErrorConfig {
  /** Statuses the handler leaves alone (ABP's `skipHandledErrorCodes`). */
  skipHandledErrorCodes: readonly number[];
  /** Statuses shown on the full-screen error page (ABP's `errorScreen.forWhichErrors`). */
  errorScreenStatuses: readonly ErrorScreenStatus[];
}

export const defaultHttpErrorConfig: HttpErrorConfig = {
  skipHandledErrorCodes: [],
  errorScreenStatuses: [401, 403, 404, 500],
};

/** SPEC.md section 8: ABP bodies go to a dialog, the rest by status. */
export function createHttpErrorHandler(
  presenter: HttpErrorPresenter,
  config: HttpErrorConfig = defaultHttpErrorConfig,
): (error: RestError) => void {
  const onScreen = (status: number) =>
    (config.errorScreenStatuses as readonly number[]).includes(status);

  return (error) => {
    if (config.skipHandledErrorCodes.includes(error.status)) return;
    const remote = error.remoteError;
    if (error.isAbpErrorFormat && remote) {
      const { message, title } = dialogTexts(remote.message, remote.details);
      const closed = presenter.showErrorDialog(message, title);
      if (error.status === 401) void closed.then(() => presenter.navigateToLogin());
      else if (isTenantGone(error)) void closed.then(() => presenter.leaveTenant());
      return;
    }
    switch (error.status) {
      case 401:
        if (onScreen(401)) presenter.showErrorScreen({ status: 401, ...defaultErrorMessages[401] });
        else
          void presenter
            .showErrorDialog(defaultErrorMessages[401].details, defaultErrorMessages[401].title)
            .then(() => presenter.navigateToLogin());
        return;
      case 403:
      case 404:
      case 500: {
        const texts = defaultErrorMessages[error.status];
        if (onScreen(error.status) || error.status !== 404) {
          presenter.showErrorScreen({ status: error.status, ...texts });
        } else {
          void presenter.showErrorDialog(texts.details, texts.title);
        }
        return;
      }
      case 0:
        if (error.statusText === 'Unknown Error') {
          presenter.showErrorScreen({
            status: 0,
            title: defaultErrorMessages.defaultError.title,
            details: serverUnreachable,
            isHomeShow: false,
          });
        }
        return;
      default:
        void presenter.showErrorDialog(
          defaultErrorMessages.defaultError.details,
          defaultErrorMessages.defaultError.title,
        );
    }
  };
}

/** ABP's `showError`: details become the message and the message the title. */
export function dialogTexts(
  message: string | null | undefined,
  details: string | null | undefined,
): { message: TextSource; title: TextSource } {
  if (details)
    return { message: details, title: message || defaultErrorMessages.defaultError.title };
  if (message) return { message, title: defaultErrorMessages.defaultError.title };
  return {
    message: defaultErrorMessages.defaultError.title,
    title: defaultErrorMessages.defaultError.title,
  };
}
