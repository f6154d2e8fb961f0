import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Provider from 'oidc-provider';
import type { Config } from '../../config.js';
import type { AppDataContext } from '../../db/database.js';
import { logRoundFailure } from '../../platform/async/background-logger.js';
import type { MaybePromise } from '../../platform/async/maybe-promise.js';
import type { CacheHub } from '../../platform/caching/cache.js';
import { inBatches } from '../../platform/data/in-batches.js';
import type { AccountLimiter } from '../../platform/http/rate-limits.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import { CULTURE_COOKIE, cultureFromRequest } from '../../platform/localization/request-culture.js';
import type { createTenantResolver } from '../../platform/multi-tenancy/tenant-resolver.js';
import type { TenantStore } from '../../platform/multi-tenancy/tenant-store.js';
import type { StringEncryption } from '../../platform/security/string-encryption.js';
import type { SecurityLogWriter } from '../../platform/security-log/security-log-writer.js';
import type { SignInService } from '../account/sign-in.service.js';
import type { UserManager } from '../identity/identity.service.js';
import { createAccessTokenAuthenticator } from './access-tokens/access-token-authenticator.js';
import { createAccessTokenCache } from './access-tokens/access-token-cache.js';
import { createAccountLookup } from './account-lookup.js';
import { createCookieSessions } from './cookie-login/cookie-sessions.js';
import { createOidcStore } from './provider/kysely-adapter.js';
import { answerProviderOutages, createOutageBody } from './provider/outage-answers.js';
import {
  createAllowedOrigin,
  createFindAccount,
  providerConfiguration,
} from './provider/provider-config.js';
import { createProviderPages, useOwnFormPostPages } from './provider/provider-pages.js';
import { createSigningKeyStore, type KeySet } from './provider/signing-keys.js';
import { answerUnknownProviderPaths } from './provider/unknown-provider-paths.js';
import { answerPostedRequests } from './sessions/posted-requests.js';
import { type SignInRequest, signInRequestOf } from './sessions/sign-in-request.js';
import { installSignOutHooks } from './sessions/sign-out-hooks.js';
import {
  createPasswordGrant,
  registerPasswordGrant,
} from './token-endpoint/grants/password.grant.js';
import { createPublicClientSecretFilter } from './token-endpoint/public-client-secret.js';
import { createTokenEndpointShortcut } from './token-endpoint/token-endpoint-shortcut.js';

/** The paths the provider owns; everything else stays Fastify's (API, interactions, SPA). */
const PROVIDER_PATHS =
  /^\/(connect(\/|\?|$)|\.well-known\/(openid-configuration|oauth-authorization-server)(\/|\?|$))/;

export const isProviderPath = (url: string) => PROVIDER_PATHS.test(url);

/** Expired rows the token sweep deletes a statement. */
const SWEEP_BATCH = 500;
/** How often an instance looks for signing keys another instance made. */
const KEY_RECHECK_MS = 60_000;

interface AuthServerDeps {
  config: Config;
  data: AppDataContext;
  encryption: StringEncryption;
  cacheHub: CacheHub;
  localizer: Localizer;
  tenantResolver: ReturnType<typeof createTenantResolver>;
  tenantStore: TenantStore;
  users: UserManager;
  signIn: SignInService;
  securityLog: SecurityLogWriter;
  /** The `Abp.Localization.DefaultLanguage` setting, when the request names no culture. */
  defaultCulture(): MaybePromise<string>;
  /** Per user name, for the password grant. */
  allowUserName: AccountLimiter;
  log: FastifyBaseLogger;
}

/**
 * The OpenID Connect server (oidc-provider) with issuer APP_URL and ABP's endpoint paths. The
 * provider is rebuilt when the signing keys rotate (it takes its key set at construction); it
 * keeps no state of its own, so requests in flight on the old instance finish normally.
 */
export async function createAuthServer(deps: AuthServerDeps) {
  const { config, data, localizer, log } = deps;
  const appUrl = config.appUrl;
  // Verified access tokens, for the API: 30 s at most (revocations reach every instance at once
  // over Redis; this bounds a lost message, within the minute the issue allows).
  const accessTokens = createAccessTokenCache(deps.cacheHub, { ttlMs: 30_000, maxEntries: 50_000 });
  const store = createOidcStore(data, { revoked: (revocation) => accessTokens.revoke(revocation) });
  const lookup = createAccountLookup({
    users: deps.users,
    tenants: store,
    tenantStore: deps.tenantStore,
    cache: deps.cacheHub.create('sign-in-accounts', { maxEntries: 50_000, ttlMs: 30_000 }),
  });
  const keyStore = createSigningKeyStore({
    data,
    encryption: deps.encryption,
    lifetimeDays: config.authServer.signingKeyLifetimeDays,
  });
  const findAccount = createFindAccount(lookup);
  const tenantKey = config.multiTenancy.tenantKey;
  // One SQLite commit for a grant's token writes instead of one each (refresh: three; password:
  // three), run at once at the end. On PostgreSQL a transaction would add two round trips to the
  // writes it groups.
  const writeTogether =
    data.dialect === 'sqlite' ? <T>(work: () => Promise<T>) => data.writeTogether(work) : undefined;

  /** `uiLocales`: OpenID Connect's hint, from the query unless the caller has the parsed one. */
  async function cultureOf(
    request: SignInRequest,
    uiLocales: unknown = request.query.ui_locales,
  ): Promise<string> {
    const requested = cultureFromRequest({
      query: request.query,
      cookies: { [CULTURE_COOKIE]: request.cookie(CULTURE_COOKIE) },
      acceptLanguage: request.headers['accept-language'] || undefined,
      uiLocales,
    });
    return requested ?? (await deps.defaultCulture());
  }
  const requestInfo = (request: SignInRequest) => ({
    clientIpAddress: request.ip,
    browserInfo: request.headers['user-agent'] || null,
    correlationId: request.correlationId,
  });
  const outageBody = createOutageBody({ localizer, cultureOf });
  const pages = createProviderPages({
    appUrl,
    localizer,
    // The provider's parsed `ui_locales` (an end-session request may post them); none yet, the
    // query's (undefined takes the parameter's default).
    cultureOf: (ctx) => cultureOf(signInRequestOf(ctx), ctx.oidc?.params?.ui_locales),
  });

  function build(keys: KeySet) {
    const provider = new Provider(
      appUrl,
      providerConfiguration({
        appUrl,
        config: config.authServer,
        keys,
        store,
        lookup,
        findAccount,
        pages,
      }),
    );
    // The mount pins Host, X-Forwarded-Proto and X-Forwarded-For to the issuer and Fastify's
    // client address (see auth-server.plugin.ts), so these headers are always ours.
    provider.proxy = true;
    const passwordGrant = createPasswordGrant(provider, {
      signIn: deps.signIn,
      signedIn: (user) => lookup.signedIn(user),
      findAccount,
      localizer,
      cultureOf,
      outageBody,
      requestInfo,
      allowUserName: deps.allowUserName,
      writeTogether,
      async resolveTenant(request) {
        const tenant = await deps.tenantResolver.resolve({
          userTenantId: undefined,
          query: request.query,
          headers: request.headers,
          cookies: { [tenantKey]: request.cookie(tenantKey) },
          hostname: request.hostname,
        });
        return tenant ? { id: tenant.id, name: tenant.name } : null;
      },
    });
    registerPasswordGrant(provider, passwordGrant);
    installSignOutHooks(provider, {
      store,
      lookup,
      securityLog: deps.securityLog,
      requestInfo: (ctx) => requestInfo(signInRequestOf(ctx)),
    });
    answerProviderOutages(provider, { outageBody, renderError: pages.renderError, log });
    answerUnknownProviderPaths(provider, { localizer, cultureOf });
    answerPostedRequests(provider, pages.renderError);
    useOwnFormPostPages(provider, pages);
    provider.on('grant.error', (_ctx, error) =>
      log.debug(
        { error: error.message, detail: (error as { error_detail?: string }).error_detail },
        'grant refused',
      ),
    );
    return { provider, keys, passwordGrant, handler: provider.callback() };
  }

  let current = build(await keyStore.load());
  let closed = false;
  let keyTimer: NodeJS.Timeout | undefined;
  // Expired rows are invisible; the sweep keeps the table to the live ones, in batches
  // (in-batches.ts) so that SQLite's event loop never stalls on a burst of expirations.
  let sweeping: Promise<unknown> | undefined;
  const sweepTimer = setInterval(() => {
    sweeping ??= inBatches<number>(
      (after) => store.deleteExpired(SWEEP_BATCH, after),
      () => closed,
    )
      .catch((error: unknown) => logRoundFailure(log, 'Token sweep', error))
      .finally(() => {
        sweeping = undefined;
      });
  }, 10 * 60_000);
  sweepTimer.unref();

  /**
   * Looks at the keys again when one activates or expires, at least hourly (the successor is made
   * then), and sooner when another instance made a key: a minute's look at the keys' ids only.
   */
  function scheduleKeyCheck() {
    if (closed) return;
    const delay = Math.min(
      Math.max(current.keys.nextCheckAt.getTime() - Date.now(), 1000),
      KEY_RECHECK_MS,
    );
    keyTimer = setTimeout(async () => {
      try {
        const due =
          Date.now() >= current.keys.nextCheckAt.getTime() ||
          (await keyStore.storedKeyIds()) !== current.keys.keyIds;
        if (due) {
          const keys = await keyStore.load();
          if (keys.fingerprint !== current.keys.fingerprint) {
            current = build(keys);
            log.info('sign-in server signing keys rotated');
          } else {
            // The same keys, and the next moment to look at them again.
            current = { ...current, keys };
          }
        }
      } catch (error) {
        log.error({ err: error }, 'signing key check failed');
      }
      scheduleKeyCheck();
    }, delay);
    keyTimer.unref();
  }
  scheduleKeyCheck();

  const tokenShortcut = createTokenEndpointShortcut({
    provider: () => current.provider,
    passwordGrant: () => current.passwordGrant,
    findAccount,
    allowedOrigin: createAllowedOrigin(appUrl, config.authServer),
    writeTogether,
    outageBody,
    log,
  });

  const dropPublicClientSecret = createPublicClientSecretFilter(() => current.provider);

  return {
    get provider(): Provider {
      return current.provider;
    },
    /** Hands a request for one of the provider's paths to it (Koa writes the response). */
    async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
      await dropPublicClientSecret(request);
      await (current.handler(request, response) as Promise<void>);
    },
    /**
     * `POST /connect/token`: the ordinary refresh and password grants without the provider's Koa
     * stack (token-endpoint-shortcut.ts), anything else handed to the provider.
     */
    async handleToken(
      request: IncomingMessage,
      response: ServerResponse,
      signInRequest: () => SignInRequest,
    ): Promise<void> {
      await dropPublicClientSecret(request);
      if (await tokenShortcut(request, response, signInRequest)) return;
      await (current.handler(request, response) as Promise<void>);
    },
    authenticator: createAccessTokenAuthenticator({
      provider: () => current.provider,
      lookup,
      cache: accessTokens,
    }),
    findAccount,
    /** Sign-in sessions begun and ended by ABP's cookie-login API (cookie-login.routes.ts). */
    sessions: createCookieSessions({
      provider: () => current.provider,
      store,
      sessionLifetime: config.authServer.sessionLifetime,
      secure: appUrl.startsWith('https:'),
    }),
    /** Ends every session, grant and token of a user (password reset, deactivation). */
    async revokeAllOf(userId: string): Promise<void> {
      await store.revokeAllOf(userId);
      await data.afterCommit(() => lookup.forget(userId));
    },
    /** Ends every session, grant and token of a user except one grant's (a password change). */
    async revokeAllOfExceptGrant(userId: string, grantId: string): Promise<void> {
      await store.revokeAllOfExceptGrant(userId, grantId);
    },
    /** After a correct password: remembers the account's tenant for lookups by subject. */
    accountSignedIn: (user: { id: string; tenantId: string | null }) => lookup.signedIn(user),
    /** The signed-in account's claims, as tokens carry them (cached briefly). */
    accountOf: (userId: string) => lookup.find(userId),
    /** Drops the cached user so that the next request sees its new stamp, roles or state. */
    forgetAccount: (userId: string) => lookup.forget(userId),
    /** Stops the timers, and waits for a sweep under way to end after its current batch. */
    async close() {
      closed = true;
      clearInterval(sweepTimer);
      if (keyTimer) clearTimeout(keyTimer);
      await sweeping;
    },
  };
}

export type AuthServer = Awaited<ReturnType<typeof createAuthServer>>;
