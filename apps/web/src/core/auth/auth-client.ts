import {
  ErrorResponse,
  UserManager,
  type UserManagerSettings,
  WebStorageStateStore,
} from 'oidc-client-ts';
import type { Environment } from '../environment';
import type { StoredUser } from './token-storage';

export interface AuthClientDependencies {
  getTenantId(): string | null | undefined;
  onUserChanged(user: StoredUser | null): void;
  /** A refresh was refused, or could not be made before the token expired: tokens are gone. */
  onRefreshFailed(): void;
  /** The token expired with no refresh token: the user is signed out. */
  onSessionEnded(): void;
}

export interface PasswordCredentials {
  username: string;
  password: string;
}

export interface AuthClient {
  init(): Promise<void>;
  loginWithPassword(credentials: PasswordCredentials): Promise<StoredUser>;
  refresh(): Promise<StoredUser | null>;
  signinRedirect(returnUrl?: string): Promise<void>;
  completeSignin(url?: string): Promise<{ returnUrl: string | undefined }>;
  completeSignout(url?: string): Promise<void>;
  logout(options: { redirect: boolean }): Promise<void>;
  /** Drops the stored user and its refresh timers, without telling the server. */
  forget(): Promise<void>;
}

function toStored(user: {
  access_token: string;
  refresh_token?: string | undefined;
  id_token?: string | undefined;
  expires_at?: number | undefined;
  scope?: string | undefined;
}): StoredUser {
  return {
    access_token: user.access_token,
    ...(user.refresh_token ? { refresh_token: user.refresh_token } : {}),
    ...(user.id_token ? { id_token: user.id_token } : {}),
    ...(user.expires_at !== undefined ? { expires_at: user.expires_at } : {}),
    ...(user.scope ? { scope: user.scope } : {}),
  };
}

export function authSettings(
  environment: Environment,
  deps: Pick<AuthClientDependencies, 'getTenantId'>,
): UserManagerSettings {
  const { oAuthConfig, tenantKey } = environment;
  return {
    authority: oAuthConfig.issuer,
    client_id: oAuthConfig.clientId,
    scope: oAuthConfig.scope,
    response_type: 'code',
    redirect_uri: oAuthConfig.redirectUri,
    post_logout_redirect_uri: oAuthConfig.postLogoutRedirectUri,
    userStore: new WebStorageStateStore({ store: localStorage }),
    stateStore: new WebStorageStateStore({ store: localStorage }),
    automaticSilentRenew: false,
    loadUserInfo: false,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    revokeTokenTypes: ['access_token', 'refresh_token'],
    // Token requests carry the tenant (ABP sends `__tenant` with the password grant).
    extraHeaders: { [tenantKey]: () => deps.getTenantId() ?? '' },
  };
}

/** The server's Retry-After for an outage (the token endpoint answers 503 with 5 s). */
const REFRESH_RETRY_SECONDS = 5;

/**
 * A refresh the server could not serve just now, rather than one it refused: its database away
 * (503 `temporarily_unavailable`), or no OAuth answer at all (the network, a restart, a
 * gateway's error page). Any other OAuth error (`invalid_grant` …) is a refusal.
 */
function isTransient(error: unknown): boolean {
  return error instanceof ErrorResponse ? error.error === 'temporarily_unavailable' : true;
}

/** oidc-client-ts behind ABP's auth behaviour; loaded only when a token is needed. */
export function createAuthClient(
  environment: Environment,
  deps: AuthClientDependencies,
): AuthClient {
  const manager = new UserManager(authSettings(environment, deps));
  let refreshing: Promise<StoredUser | null> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const cancelRetry = () => clearTimeout(retry);

  manager.events.addUserLoaded((user) => deps.onUserChanged(toStored(user)));
  manager.events.addUserUnloaded(() => deps.onUserChanged(null));
  manager.events.addAccessTokenExpiring(() => void refreshOrEnd());
  manager.events.addAccessTokenExpired(() => void refreshOrEnd());

  /**
   * SPEC.md section 4: on a refresh error the tokens are cleared and the user goes to sign-in. A
   * refresh the server could not serve just now is not that error while the access token still
   * works (the refresh starts 60 s before it expires): the session goes on and the refresh is
   * tried again after the server's Retry-After, so that a database restart or a deployment signs
   * nobody out. ABP's Angular client signs out at once. When the token runs out first, it ends.
   */
  async function refresh(): Promise<StoredUser | null> {
    cancelRetry();
    refreshing ??= manager
      .signinSilent()
      .then((user) => (user ? toStored(user) : null))
      .catch(async (error: unknown) => {
        const user = await manager.getUser();
        if (user && isTransient(error) && (user.expires_in ?? 0) > REFRESH_RETRY_SECONDS) {
          retry = setTimeout(() => void refresh(), REFRESH_RETRY_SECONDS * 1000);
          return toStored(user);
        }
        await manager.removeUser();
        deps.onRefreshFailed();
        return null;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function refreshOrEnd(): Promise<void> {
    const user = await manager.getUser();
    if (user?.refresh_token) {
      await refresh();
      return;
    }
    await manager.removeUser();
    deps.onSessionEnded();
  }

  return {
    async init() {
      const user = await manager.getUser();
      if (user?.expired) await refreshOrEnd();
    },
    async loginWithPassword({ username, password }) {
      const user = await manager.signinResourceOwnerCredentials({
        username,
        password,
        skipUserInfo: true,
      });
      return toStored(user);
    },
    refresh,
    async signinRedirect(returnUrl) {
      await manager.signinRedirect({ state: { returnUrl } });
    },
    async completeSignin(url) {
      const user = await manager.signinCallback(url);
      const state = user?.state as { returnUrl?: string } | undefined;
      return { returnUrl: state?.returnUrl };
    },
    async completeSignout(url) {
      await manager.signoutCallback(url);
    },
    async logout({ redirect }) {
      cancelRetry();
      const user = await manager.getUser();
      await manager.revokeTokens(['access_token', 'refresh_token']).catch(() => undefined);
      if (redirect && user?.id_token) {
        await manager.signoutRedirect({ id_token_hint: user.id_token });
        return;
      }
      await manager.removeUser();
    },
    async forget() {
      cancelRetry();
      await manager.removeUser();
    },
  };
}
