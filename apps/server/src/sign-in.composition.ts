import type { FastifyInstance } from 'fastify';
import { accountPlugin } from './modules/account/account.plugin.js';
import { createOutboxPasswordResetMailer } from './modules/account/password-reset-mailer.js';
import { createAuthServer } from './modules/auth-server/auth-server.js';
import { mountAuthServer } from './modules/auth-server/auth-server.plugin.js';
import { cookieLoginRoutes } from './modules/auth-server/cookie-login/cookie-login.routes.js';
import { interactionRoutes } from './modules/auth-server/interactions/interaction.routes.js';
import { webClient } from './modules/auth-server/provider/clients.js';
import type { MaybePromise } from './platform/async/maybe-promise.js';
import { perAccount, registerRateLimits } from './platform/http/rate-limits.js';
import { xsrfPlugin, xsrfSecretFrom } from './platform/http/xsrf.js';
import type { Services } from './services.js';

/**
 * The sign-in server and the account API, in the two steps app.ts needs: the provider goes in
 * front of everything (before authentication and tenant resolution, which are the API's), the
 * antiforgery check and the routes after the request context.
 */
export async function mountSignInServer(
  app: FastifyInstance,
  services: Services,
  defaultCulture: () => MaybePromise<string>,
) {
  const { config } = services;
  const limits = config.authServer.rateLimits;
  const rateLimits = await registerRateLimits(app, {
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
  });
  // One count per account on every way in, however its name is written (`Admin` is `admin`).
  const userNameLimiter = perAccount(rateLimits.keyed('user-name', limits.tokenPerUserName));
  const authServer = await createAuthServer({
    config,
    data: services.data,
    encryption: services.encryption,
    cacheHub: services.cacheHub,
    localizer: services.localizer,
    tenantResolver: services.tenantResolver,
    tenantStore: services.tenantStore,
    users: services.identity.userManager,
    signIn: services.signIn,
    securityLog: services.securityLog,
    defaultCulture,
    allowUserName: userNameLimiter,
    log: app.log,
  });
  app.addHook('onClose', async () => authServer.close());
  mountAuthServer(app, {
    authServer,
    issuer: new URL(config.appUrl),
    contentSecurityPolicy: providerContentSecurityPolicy(config),
    tokenLimiter: rateLimits.keyed('token-ip', limits.tokenPerIp),
    localizer: services.localizer,
    defaultCulture: services.localizer.defaultCulture,
  });
  return { authServer, rateLimits, userNameLimiter };
}

/** Forms of the provider post to itself and redirect to the web client's registered origins. */
function providerContentSecurityPolicy(config: Services['config']): string {
  const client = webClient(config.appUrl, config.authServer.extraRedirectUris);
  const origins = new Set((client.redirect_uris ?? []).map((uri) => new URL(uri).origin));
  origins.delete(new URL(config.appUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `form-action 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join(';');
}

type SignInServer = Awaited<ReturnType<typeof mountSignInServer>>;

export async function registerSignInRoutes(
  app: FastifyInstance,
  services: Services,
  server: SignInServer,
) {
  const { config } = services;
  const { authServer, rateLimits } = server;
  await app.register(xsrfPlugin, {
    secret: xsrfSecretFrom(config.encryptionKey),
    secure: config.appUrl.startsWith('https:'),
  });
  const perIp = config.authServer.rateLimits.accountPerIp;
  await app.register(interactionRoutes, {
    authServer,
    signIn: services.signIn,
    settings: services.settings,
    allowUserName: server.userNameLimiter,
    routeLimit: rateLimits.routeLimit(perIp),
  });
  await app.register(cookieLoginRoutes, {
    authServer,
    signIn: services.signIn,
    settings: services.settings,
    securityLog: services.securityLog,
    allowUserName: server.userNameLimiter,
    routeLimit: rateLimits.routeLimit(perIp),
  });
  await app.register(accountPlugin, {
    data: services.data,
    users: services.identity.userManager,
    hasher: services.passwordHasher,
    settings: services.settings,
    securityLog: services.securityLog,
    mailer: createOutboxPasswordResetMailer({
      outbox: services.mailOutbox,
      templates: services.mailTemplates,
      localizer: services.localizer,
    }),
    rateLimits,
    perIpPerMinute: perIp,
    appUrl: config.appUrl,
    tenantKey: config.multiTenancy.tenantKey,
    encryptionKey: config.encryptionKey,
    resetTokenLifetimeSeconds: config.authServer.passwordResetTokenLifetime,
    revokeAllOf: (userId) => authServer.revokeAllOf(userId),
    async signOutElsewhere(userId, request) {
      const grantId = await authServer.authenticator.grantOf(request);
      if (grantId) await authServer.revokeAllOfExceptGrant(userId, grantId);
      else await authServer.revokeAllOf(userId);
    },
    accountChanged: (userId) => authServer.forgetAccount(userId),
  });
}
