import { createRoot } from 'react-dom/client';
import { createPath } from 'react-router';
import {
  onAppConfigurationRefreshed,
  refreshAppConfiguration,
} from '#src/core/app-configuration/get-application-configuration';
import { endSession, initAuth } from '#src/core/auth/auth-service';
import { loadEnvironment, parseEnvironment, setEnvironment } from '#src/core/environment';
import { defaultErrorMessages, serverUnreachable } from '#src/core/http/default-error-messages';
import {
  reportHttpError,
  setHttpErrorListener,
  setRejectedTokenListener,
} from '#src/core/http/http';
import { createHttpErrorHandler, isTenantGone } from '#src/core/http/http-error-handler';
import { RestError } from '#src/core/http/remote-service-error';
import {
  applyDirection,
  configureStylesheets,
  guessDirection,
} from '#src/core/localization/direction';
import { initI18n } from '#src/core/localization/i18n';
import { setNavigator } from '#src/core/navigation';
import { routeRegistry } from '#src/core/routing/menu-tree';
import { sessionStore, setSessionTenant } from '#src/core/session/session-store';
import { reloadOnStaleBuild } from '#src/core/stale-build/reload-on-stale-build';
import { ConfirmationDialog } from '#src/theme/confirmation/confirmation-dialog';
import { ErrorScreenHost } from '#src/theme/error-screen/error-screen-host';
import { errorScreenStore, showErrorScreen } from '#src/theme/error-screen/error-screen-store';
import ltrStylesheet from '#src/theme/styles/theme-ltr.scss?url';
import rtlStylesheet from '#src/theme/styles/theme-rtl.scss?url';
import { toaster } from '#src/theme/toast/toaster';
import { App } from './app';
import { httpErrorPresenter } from './http-error-presenter';
import { registerModuleComponents } from './module-components';
import { resolveTenantFromUrl } from './resolve-tenant-from-url';
import { type AppRouter, createAppRouter } from './router';
import { routeEntries } from './routes';

/**
 * Start-up order: environment, stylesheet, auth (stored tokens), tenant from the URL, then the
 * application configuration with its texts; the first render waits for all of them.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  // Before anything loads lazily: a tab older than the last deploy loads the page it was going
  // to from the new build.
  let router: AppRouter | undefined;
  reloadOnStaleBuild({ destination: () => pendingHref(router) });
  const environment = await loadEnvironment(parseEnvironment(import.meta.env, location.origin));
  setEnvironment(environment);
  document.title = environment.application.name;
  configureStylesheets({ ltr: ltrStylesheet, rtl: rtlStylesheet });
  // Nothing stored (a first visit): the page came in the culture the server took from the browser.
  const language = sessionStore.get().language ?? (document.documentElement.lang || undefined);
  const firstStylesheet = applyDirection(guessDirection(language), language);

  routeRegistry.set(routeEntries);
  registerModuleComponents();
  setHttpErrorListener(createHttpErrorHandler(httpErrorPresenter));
  // A token the server refuses is dropped at once; the 401 dialog then leads to sign-in (SPEC §8).
  setRejectedTokenListener(endSession);
  onAppConfigurationRefreshed(({ localization: { currentCulture } }) =>
    applyDirection(currentCulture.isRightToLeft ? 'rtl' : 'ltr', currentCulture.cultureName),
  );
  await initI18n();
  await initAuth().catch(() => undefined);
  await resolveTenantFromUrl(environment);

  const root = createRoot(container);
  try {
    await loadFirstConfiguration();
  } catch {
    await firstStylesheet;
    showErrorScreenIfNone();
    root.render(<StartupFailure />);
    return;
  }
  await firstStylesheet;
  router = createAppRouter(routeEntries);
  const started = router;
  setNavigator((to, options) => void started.navigate(to, options));
  root.render(<App router={started} />);
}

/** The address of the navigation under way, if any. */
function pendingHref(router: AppRouter | undefined): string | undefined {
  const pending = router?.state.navigation.location;
  return pending ? createPath(pending) : undefined;
}

/**
 * The first configuration. A stored token the server no longer accepts comes back as anyone's
 * configuration, and the token is dropped (`reportTokenAnsweredAsAnyone`): like an expired session
 * whose refresh failed (SPEC.md section 4), the route guards then send to sign-in, with no 401
 * dialog. A stored tenant that was deleted or deactivated since is let go: the host's
 * configuration loads (signed out, as the session was the tenant's) and a toast names the tenant,
 * where a dialog before any text had loaded showed its id.
 */
async function loadFirstConfiguration(): Promise<void> {
  try {
    await refreshAppConfiguration({ skipHandleError: true });
  } catch (error) {
    const tenant = sessionStore.get().tenant;
    if (error instanceof RestError && isTenantGone(error) && tenant) {
      setSessionTenant(null);
      endSession();
      await refreshAppConfiguration();
      toaster.error(
        { key: 'AbpUiMultiTenancy::GivenTenantIsNotAvailable', defaultValue: '{0}' },
        { key: 'AbpUi::Error', defaultValue: 'Error' },
        { messageLocalizationParams: [tenant.name ?? tenant.id ?? ''] },
      );
      return;
    }
    if (error instanceof RestError) reportHttpError(error);
    throw error;
  }
}

/** Without a configuration only the error page and its dialogs can be shown. */
function StartupFailure() {
  return (
    <>
      <ErrorScreenHost />
      <ConfirmationDialog />
    </>
  );
}

/** The HTTP handler may already show a page (500…); otherwise say the server is unreachable. */
function showErrorScreenIfNone(): void {
  if (errorScreenStore.get()) return;
  showErrorScreen({
    status: 0,
    title: defaultErrorMessages.defaultError.title,
    details: serverUnreachable,
    isHomeShow: false,
    hideCloseIcon: true,
  });
}
