import { signInAgain } from '#src/core/auth/auth-service';
import type { HttpErrorPresenter } from '#src/core/http/http-error-handler';
import { setSessionTenant } from '#src/core/session/session-store';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { showErrorScreen } from '#src/theme/error-screen/error-screen-store';

/** The theme's answers to HTTP errors: the error page, an error dialog with Close, sign-in. */
export const httpErrorPresenter: HttpErrorPresenter = {
  showErrorScreen,
  showErrorDialog: (message, title) =>
    confirmation.error(message, title, {
      hideCancelBtn: true,
      yesText: { key: 'AbpUi::Close', defaultValue: 'Close' },
    }),
  navigateToLogin: () => void signInAgain(),
  leaveTenant: () => {
    setSessionTenant(null);
    void signInAgain();
  },
};
