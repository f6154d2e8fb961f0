import { UserManager, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { Environment } from '../environment';
import type { StoredUser } from './token-storage';

export interface AuthClientDependencies {
  getTenantId(): string | null | undefined;
  onUserChanged(user: StoredUser | null): void;
  /** A refresh failed: tokens are gone, the user goes to sign-in. */
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

/** oidc-client-ts behind ABP's auth behaviour; loaded only when a token is needed. */
export function createAuthClient(
  environment: Environment,
  deps: AuthClientDependencies,
): AuthClient {
  const manager = new UserManager(authSettings(environment, deps));
  let refreshing: Promise<StoredUser | null> | undefined;

  manager.events.addUserLoaded((user) => deps.onUserChanged(toStored(user)));
  manager.events.addUserUnloaded(() => deps.onUserChanged(null));
  manager.events.addAccessTokenExpiring(() => void refreshOrEnd());
  manager.events.addAccessTokenExpired(() => void refreshOrEnd());

  async function refresh(): Promise<StoredUser | null> {
    refreshing ??= manager
      .signinSilent()
      .then((user) => (user ? toStored(user) : null))
      .catch(async () => {
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
      const user = await manager.getUser();
      await manager.revokeTokens(['access_token', 'refresh_token']).catch(() => undefined);
      if (redirect && user?.id_token) {
        await manager.signoutRedirect({ id_token_hint: user.id_token });
        return;
      }
      await manager.removeUser();
    },
    async forget() {
      await manager.removeUser();
    },
  };
}
