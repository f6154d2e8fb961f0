import { signInAgain } from '#src/core/auth/auth-service';
import { navigateTo } from '#src/core/navigation';
import { useStore } from '#src/core/store';
import { ErrorScreen } from './error-screen';
import { closeErrorScreen, errorScreenStore } from './error-screen-store';

/** Shows the error page the HTTP error handler asked for; a 401 page leads to sign-in. */
export function ErrorScreenHost() {
  const state = useStore(errorScreenStore);
  if (!state) return null;
  const goHome = () => {
    closeErrorScreen();
    navigateTo('/');
  };
  const toLogin = () => {
    closeErrorScreen();
    void signInAgain();
  };
  return (
    <ErrorScreen
      {...state}
      onClose={state.status === 401 ? toLogin : closeErrorScreen}
      onHome={goHome}
      {...(state.status === 401
        ? {
            link: {
              text: { key: 'AbpAccount::Login', defaultValue: 'Login' },
              href: '/account/login',
              onClick: toLogin,
            },
          }
        : {})}
    />
  );
}
