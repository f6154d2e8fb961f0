import { appConfigurationStore } from '../app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '../app-configuration/get-application-configuration';
import { getEnvironment } from '../environment';
import { navigateTo } from '../navigation';
import { sessionStore } from '../session/session-store';
import type { AuthClient, PasswordCredentials } from './auth-client';
import {
  isRememberedSessionOver,
  removeRememberMe,
  setRememberMe,
  shouldClearStorage,
} from './remember-me';
import { authStore, clearOAuthStorage, loadStoredUser } from './token-storage';

export const loginPath = '/account/login';
let client: Promise<AuthClient> | undefined;
/** While `initAuth` runs there is no router yet: the route guards send to sign-in afterwards. */
let starting = false;

/** oidc-client-ts is not in the entry chunk: it loads when a token exists or a sign-in starts. */
export function loadAuthClient(): Promise<AuthClient> {
  client ??= import('./auth-client').then(({ createAuthClient }) =>
    createAuthClient(getEnvironment(), {
      getTenantId: () => sessionStore.get().tenant?.id,
      onUserChanged: (user) => authStore.set(user),
      // SPEC.md section 4: on a refresh error the tokens are cleared and the user goes to sign-in.
      onRefreshFailed: () => {
        if (starting) endSession();
        else void signInAgain();
      },
      onSessionEnded: () => {
        removeRememberMe();
        void refreshAppConfiguration().catch(() => undefined);
      },
    }),
  );
  return client;
}

export function isInternalAuth(): boolean {
  return getEnvironment().oAuthConfig.flow === 'password';
}

/**
 * Start-up: drop tokens of another client id or of a password-flow session that was not
 * remembered, then arm refresh (and refresh an expired token) when a user is stored.
 */
export async function initAuth(): Promise<void> {
  const { clientId } = getEnvironment().oAuthConfig;
  if (shouldClearStorage(clientId)) clearOAuthStorage();
  if (isInternalAuth() && isRememberedSessionOver()) {
    clearOAuthStorage();
    removeRememberMe();
  }
  if (!loadStoredUser()) return;
  const auth = await loadAuthClient();
  starting = true;
  try {
    await auth.init();
  } finally {
    starting = false;
  }
}

/**
 * Forgets the session on this side only: the tokens (and oidc-client-ts's refresh timers) and
 * remember-me. For tokens the server no longer accepts (a 401, a failed refresh).
 */
export function endSession(): void {
  clearOAuthStorage();
  removeRememberMe();
  void client?.then((auth) => auth.forget()).catch(() => undefined);
}

/**
 * After a rejected session: the anonymous configuration (so nothing shows the old user), then the
 * sign-in page with the current page as the return URL.
 */
export async function signInAgain(
  returnUrl = `${globalThis.location.pathname}${globalThis.location.search}`,
): Promise<void> {
  endSession();
  if (appConfigurationStore.get()?.currentUser.isAuthenticated) {
    await refreshAppConfiguration().catch(() => undefined);
  }
  if (returnUrl.startsWith(loginPath)) {
    navigateToLogin(undefined, returnUrl.slice(loginPath.length).replace(/^\?/, ''));
    return;
  }
  navigateToLogin(returnUrl);
}

export interface LoginParameters extends PasswordCredentials {
  rememberMe?: boolean;
}

/** Password flow: token request with the tenant header, remember-me, then a fresh configuration. */
export async function loginWithPassword({ rememberMe = false, ...credentials }: LoginParameters) {
  const auth = await loadAuthClient();
  const user = await auth.loginWithPassword(credentials);
  authStore.set(user);
  setRememberMe(rememberMe);
  await refreshAppConfiguration();
  return user;
}

/** Sign-out revokes the tokens; the code flow also ends the server session. */
export async function logout(): Promise<void> {
  const auth = await loadAuthClient();
  await auth.logout({ redirect: !isInternalAuth() });
  clearOAuthStorage();
  removeRememberMe();
  if (!isInternalAuth()) return;
  await refreshAppConfiguration();
  navigateTo('/');
}

/** Password flow: the sign-in page (query passed on); code flow: the sign-in server. */
export function navigateToLogin(returnUrl?: string, search = ''): void {
  if (!isInternalAuth()) {
    void loadAuthClient().then((auth) => auth.signinRedirect(returnUrl));
    return;
  }
  const query = new URLSearchParams(search);
  if (returnUrl && !query.has('returnUrl')) query.set('returnUrl', returnUrl);
  const suffix = query.toString();
  navigateTo(`${loginPath}${suffix ? `?${suffix}` : ''}`);
}
