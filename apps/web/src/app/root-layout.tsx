import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConfirmationDialog } from '#src/theme/confirmation/confirmation-dialog';
import { ErrorScreenHost } from '#src/theme/error-screen/error-screen-host';
import { LoaderBar } from '#src/theme/loader-bar/loader-bar';
import { ToastContainer } from '#src/theme/toast/toast-container';
import { FocusOnNavigation } from './focus-on-navigation';
import { RouteTitle } from './route-title';

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every route change
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/**
 * Around every page: loading bar, scroll reset, the tab's name, focus on the new page, toasts,
 * confirmations and the error page.
 */
export function RootLayout() {
  return (
    <>
      <LoaderBar />
      <ScrollToTop />
      <RouteTitle />
      <FocusOnNavigation />
      <Outlet />
      <ToastContainer />
      <ConfirmationDialog />
      <ErrorScreenHost />
    </>
  );
}
