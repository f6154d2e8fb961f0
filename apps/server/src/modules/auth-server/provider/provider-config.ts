import { supportedCultures } from '@vineta/contracts/localization/cultures';
import type { Account, AccountClaims, Configuration, FindAccount } from 'oidc-provider';
import type { AuthServerConfig } from '../../../config.js';
import type { AccountLookup, AccountSnapshot } from '../account-lookup.js';
import { FIRST_PARTY_CLIENTS, SCOPES, webClient } from './clients.js';
import type { OidcStore } from './kysely-adapter.js';
import { NodeCryptoSigningKey } from './node-crypto-signing-key.js';
import type { ProviderPages } from './provider-pages.js';
import type { KeySet } from './signing-keys.js';

/** Which claims each scope releases (ABP's identity resources and claim names). */
const CLAIMS = {
  openid: ['sub', 'tenantid'],
  profile: ['name', 'preferred_username', 'given_name', 'family_name'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  roles: ['role'],
};

/** ABP's claims: `name` is the user name; `given_name`/`family_name` are Name and Surname. */
function claimsOf(account: AccountSnapshot): AccountClaims {
  const claims: AccountClaims = {
    sub: account.id,
    name: account.userName,
    preferred_username: account.userName,
    email: account.email,
    email_verified: account.emailConfirmed,
    phone_number_verified: account.phoneNumberConfirmed,
    role: account.roles,
  };
  if (account.tenantId) claims.tenantid = account.tenantId;
  if (account.name) claims.given_name = account.name;
  if (account.surname) claims.family_name = account.surname;
  if (account.phoneNumber) claims.phone_number = account.phoneNumber;
  return claims;
}

/**
 * The account behind a subject: gone when the user was deleted or deactivated, and for an access
 * token issued under another security stamp (its `extra.sst`), which ends it at userinfo too.
 */
export function createFindAccount(lookup: AccountLookup): FindAccount {
  return async (_ctx, sub, token): Promise<Account | undefined> => {
    const extra = (token as { extra?: { sst?: unknown; tenantid?: string } } | undefined)?.extra;
    // An access token names its tenant (none: the host); other artefacts leave it to the lookup.
    const tenantHint = extra?.sst === undefined ? undefined : (extra.tenantid ?? null);
    const account = await lookup.find(sub, tenantHint);
    if (!account) return undefined;
    if (extra?.sst !== undefined && extra.sst !== account.stampDigest) return undefined;
    return { accountId: sub, claims: () => claimsOf(account) };
  };
}

/**
 * Browser origins that may call the provider's endpoints and the API: APP_URL's and the configured
 * others (CORS_ORIGINS, the extra redirect URIs').
 */
export function createAllowedOrigin(appUrl: string, config: AuthServerConfig) {
  const origins = new Set([new URL(appUrl).origin, ...config.corsOrigins]);
  return (origin: string) => origins.has(origin);
}

interface ProviderConfigDeps {
  appUrl: string;
  config: AuthServerConfig;
  keys: KeySet;
  store: OidcStore;
  lookup: AccountLookup;
  findAccount: FindAccount;
  pages: ProviderPages;
}

/** The provider's cookies (session, interaction); cookie-sessions.ts writes the session's too. */
export const PROVIDER_COOKIE = { httpOnly: true, sameSite: 'lax' } as const;

/** ABP's (OpenIddict's) endpoint paths. */
export const PROVIDER_ROUTES = {
  authorization: '/connect/authorize',
  token: '/connect/token',
  userinfo: '/connect/userinfo',
  revocation: '/connect/revocation',
  introspection: '/connect/introspect',
  end_session: '/connect/endsession',
  jwks: '/.well-known/openid-configuration/jwks',
} as const;

/** oidc-provider's configuration: everything that is not a hook into Fastify. */
export function providerConfiguration(deps: ProviderConfigDeps): Configuration {
  const { appUrl, config, keys, store, lookup } = deps;
  const client = webClient(appUrl, config.extraRedirectUris);
  const allowedOrigin = createAllowedOrigin(appUrl, config);
  const epochNow = () => Math.floor(Date.now() / 1000);

  return {
    adapter: store.adapterFor,
    clients: [client],
    // Signed on the calling thread with keys parsed once (node-crypto-signing-key.ts).
    jwks: { keys: keys.jwks.map((jwk) => new NodeCryptoSigningKey(jwk)) },
    cookies: { keys: keys.cookieKeys, long: PROVIDER_COOKIE, short: PROVIDER_COOKIE },
    claims: CLAIMS,
    scopes: SCOPES,
    // ABP's AlwaysIncludeUserClaimsInIdToken: the ID token carries the scopes' claims too.
    conformIdTokenClaims: false,
    findAccount: deps.findAccount,
    // Saved with each opaque access token: the API checks the stamp and knows the tenant.
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? await lookup.find(accountId) : undefined;
      if (!account) return undefined;
      return {
        sst: account.stampDigest,
        ...(account.tenantId ? { tenantid: account.tenantId } : {}),
      };
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigin(origin),
    routes: PROVIDER_ROUTES,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The languages `ui_locales` can ask the sign-in page for (authorizationCulture).
    discovery: { ui_locales_supported: [...supportedCultures] },
    // First-party clients get a grant without a consent screen (ABP: RequireConsent = false).
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? '');
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !FIRST_PARTY_CLIENTS.has(oidc.client.clientId) || !accountId) {
        return existing;
      }
      const grant =
        existing?.accountId === accountId
          ? existing
          : new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      await grant.save();
      return grant;
    },
    responseTypes: ['code'],
    // oidc-provider drops `offline_access` from an authorization request unless it also says
    // prompt=consent (OIDC Core 11), which a first-party app never shows. Such apps get a refresh
    // token from the code flow anyway (bound to the sign-in session, so sign-out ends it).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || FIRST_PARTY_CLIENTS.has(client.clientId)),
    features: {
      devInteractions: { enabled: false },
      // Lets `jwks` hold NodeCryptoSigningKey instances. Experimental in oidc-provider: a version
      // that changes the interface refuses to start until this ack is revisited.
      externalSigningSupport: { enabled: true, ack: 'experimental-01' },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, caller, token) => token.clientId === caller.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, caller, token) => token.clientId === caller.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: deps.pages.logoutSource,
        postLogoutSuccessSource: deps.pages.postLogoutSuccessSource,
      },
    },
    pkce: { required: () => true },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenLifetime,
      AuthorizationCode: config.authorizationCodeLifetime,
      IdToken: config.idTokenLifetime,
      Interaction: config.interactionLifetime,
      Session: config.sessionLifetime,
      // A grant lives as long as the longest chain of refresh tokens it may carry.
      Grant: config.refreshTokenAbsoluteLifetime,
      // Sliding: each rotation gets the full sliding lifetime, never past the absolute limit
      // counted from the first token of the chain (`iiat`).
      RefreshToken: (_ctx, token) => {
        const iiat = (token as { iiat?: number }).iiat ?? epochNow();
        const absoluteLeft = iiat + config.refreshTokenAbsoluteLifetime - epochNow();
        return Math.max(1, Math.min(config.refreshTokenSlidingLifetime, absoluteLeft));
      },
    },
    renderError: deps.pages.renderError,
  };
}
