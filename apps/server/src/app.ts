import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createRawKysely } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { lockSqliteFileForInstance } from './db/sqlite/sqlite-instance-lock.js';
import { localizationResources } from './localization/resources/resources.js';
import { accountRemoteServices } from './modules/account/account.remote-services.js';
import { appConfigurationPlugin } from './modules/app-configuration/app-configuration.plugin.js';
import { appConfigurationRemoteServices } from './modules/app-configuration/app-configuration.remote-services.js';
import { cookieLoginRemoteServices } from './modules/auth-server/cookie-login/cookie-login.remote-services.js';
import { featureManagementPlugin } from './modules/feature-management/feature-management.plugin.js';
import { featureManagementRemoteServices } from './modules/feature-management/feature-management.remote-services.js';
import { identityPlugin } from './modules/identity/identity.plugin.js';
import { identityRemoteServices } from './modules/identity/identity.remote-services.js';
import { permissionManagementPlugin } from './modules/permission-management/permission-management.plugin.js';
import { permissionManagementRemoteServices } from './modules/permission-management/permission-management.remote-services.js';
import { settingManagementPlugin } from './modules/setting-management/setting-management.plugin.js';
import { settingManagementRemoteServices } from './modules/setting-management/setting-management.remote-services.js';
import { tenantManagementPlugin } from './modules/tenant-management/tenant-management.plugin.js';
import {
  abpTenantRemoteServices,
  tenantManagementRemoteServices,
} from './modules/tenant-management/tenant-management.remote-services.js';
import {
  apiDefinitionRemoteServices,
  apiDefinitionRoutes,
  collectRoutes,
} from './platform/api-definition/api-definition.routes.js';
import { whenReady } from './platform/async/maybe-promise.js';
import {
  frameworkErrorHandler,
  registerErrorHandler,
  send,
  unknownRouteError,
} from './platform/errors/error-handler.js';
import { healthRoutes } from './platform/health/health.routes.js';
import { answerWhileClosing } from './platform/http/answer-while-closing.js';
import { registerApiCors } from './platform/http/cors.js';
import type { Authenticator } from './platform/http/current-user.js';
import { registerJsonBodyParser } from './platform/http/json-body-parser.js';
import { requestLogSerializers } from './platform/http/log-redaction.js';
import { registerOpenApi } from './platform/http/open-api.js';
import { parseQueryString } from './platform/http/query-string.js';
import { requestContextPlugin } from './platform/http/request-context.plugin.js';
import { RequestLogController } from './platform/http/request-log.js';
import { routeMatching, trackRouteMethods } from './platform/http/route-methods.js';
import { securityHeadersPlugin } from './platform/http/security-headers.js';
import { registerSpa } from './platform/http/spa.js';
import { validatorCompiler } from './platform/http/validator-compiler.js';
import { DEFAULT_LANGUAGE_SETTING } from './platform/localization/localization.settings.js';
import type { OutboxWorkerOptions } from './platform/mail/outbox-worker.js';
import { createServices, type Services } from './services.js';
import { mountSignInServer, registerSignInRoutes } from './sign-in.composition.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /**
     * From now on /health/ready answers 503 while everything else is still served, so that load
     * balancers stop sending requests before the instance closes (main.ts, on SIGTERM).
     */
    drain(): void;
  }
}

export interface BuildAppOptions {
  /** Where the built SPA is; defaults to the configuration's WEB_ROOT, then apps/web/dist. */
  webRoot?: string;
  /** Replaces the sign-in server's bearer-token authenticator. */
  authenticator?: Authenticator;
  /** The mail outbox worker's timings (tests shorten its claims and retries). */
  mailOutbox?: OutboxWorkerOptions;
}

/** What ABP's API description lists: every remote service we serve under ABP's names. */
const remoteServices = [
  apiDefinitionRemoteServices,
  appConfigurationRemoteServices,
  abpTenantRemoteServices,
  accountRemoteServices,
  cookieLoginRemoteServices,
  identityRemoteServices,
  tenantManagementRemoteServices,
  permissionManagementRemoteServices,
  featureManagementRemoteServices,
  settingManagementRemoteServices,
];

const defaultWebRoot = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The composition root: migrate, build the services, then register, in Fastify's order, the
 * ecosystem plugins, the platform, the modules, the SPA, and the error and not-found handlers.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const migrator = createRawKysely(config.database);
  try {
    await migrateToLatest(migrator);
  } finally {
    await migrator.destroy();
  }
  const instanceLock =
    config.database.dialect === 'sqlite' && !config.redisUrl
      ? lockSqliteFileForInstance(config.database.file)
      : undefined;
  try {
    return await composeApp(config, options, instanceLock);
  } catch (error) {
    instanceLock?.release();
    throw error;
  }
}

async function composeApp(
  config: Config,
  options: BuildAppOptions,
  instanceLock: { release(): void } | undefined,
): Promise<FastifyInstance> {
  const services = createServices(config, localizationResources, {
    mailOutbox: options.mailOutbox,
  });

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.smtpPassword',
          '*.adminPassword',
        ],
        censor: '[redacted]',
      },
      // The tenant connection string (and so a database password) travels in a query string.
      serializers: requestLogSerializers,
    },
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ...routeMatching, querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler(services.localizer),
    // answerWhileClosing answers instead, in ABP's format.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('services', services);
  answerWhileClosing(app, services.localizer);
  services.cacheHub.setLogger(app.log.child({ component: 'cache-hub' }));
  services.databaseLog.use(app.log.child({ component: 'database' }));
  const routeMethods = trackRouteMethods(app);
  const routes = collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  registerJsonBodyParser(app);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => {
    await services.close();
    instanceLock?.release();
  });
  app.addHook('onReady', async () => {
    services.mailWorker.start(app.log.child({ component: 'mail-outbox' }));
    services.securityLogRetention.start(app.log.child({ component: 'security-log-retention' }));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await registerApiCors(app, config.authServer.corsOrigins);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'] },
    },
  });
  await registerOpenApi(app);
  const defaultCulture = () =>
    whenReady(
      services.settings.getOrNull(DEFAULT_LANGUAGE_SETTING),
      (culture) => culture ?? services.localizer.defaultCulture,
    );
  // Before the request context: the sign-in server answers its own paths in OAuth's format.
  const signInServer = await mountSignInServer(app, services, defaultCulture);
  // Users whose roles, security stamp or status the identity administration changed: the
  // sign-in server drops its cached accounts so the next request sees them as they are now, and
  // ends every session and refresh token of those who got a new password or lost access.
  services.identityChanges.onUsersChanged(async ({ userIds, signOut }) => {
    for (const userId of userIds) {
      if (signOut) await signInServer.authServer.revokeAllOf(userId);
      else await signInServer.authServer.forgetAccount(userId);
    }
  });
  await app.register(requestContextPlugin, {
    authenticator: options.authenticator ?? signInServer.authServer.authenticator,
    tenantResolver: services.tenantResolver,
    defaultCulture,
  });
  registerErrorHandler(app, services.localizer);
  await registerSignInRoutes(app, services, signInServer);

  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  await app.register(healthRoutes, {
    data: services.data,
    cache: services.cacheHub,
    draining: () => draining,
  });
  await app.register(apiDefinitionRoutes, {
    routes,
    modules: remoteServices,
    // The other spelling ABP's versions gave check-password: an alias of the described route.
    notDescribed: ['POST /api/account/checkPassword'],
  });
  await app.register(tenantManagementPlugin, {
    store: services.tenantStore,
    tenants: services.tenantsService,
    connectionStrings: services.tenantConnectionStrings,
    permissions: services.permissions,
  });
  await app.register(appConfigurationPlugin, { service: services.appConfiguration });
  await app.register(featureManagementPlugin, {
    service: services.featureManagement,
    permissions: services.permissions,
  });
  await app.register(settingManagementPlugin, {
    emailSettings: services.emailSettings,
    permissions: services.permissions,
    features: services.features,
  });
  await app.register(identityPlugin, { ...services.identity, permissions: services.permissions });
  await app.register(permissionManagementPlugin, {
    service: services.permissionManagement,
    permissions: services.permissions,
  });

  const { serveIndex } = await registerSpa(
    app,
    options.webRoot ?? config.webRoot ?? defaultWebRoot,
    services.localizer,
  );
  app.setNotFoundHandler((request, reply) => {
    if (serveIndex?.(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '/';
    // A path that other methods answer: ASP.NET's 405 with the methods it allows. A route of
    // this very method that found nothing (a build file removed since the start) is a 404.
    const allowed = routeMethods(path);
    const otherMethods = allowed.length > 0 && !allowed.includes(request.method);
    if (otherMethods) void reply.header('allow', allowed.join(', '));
    return send(
      reply,
      otherMethods ? 405 : 404,
      unknownRouteError(
        services.localizer,
        request.culture || services.localizer.defaultCulture,
        { method: request.method, path },
        otherMethods,
      ),
    );
  });

  await services.seedHost(config.admin);
  const tenantSeed = await services.seedTenants();
  for (const { tenantId, error } of tenantSeed.failed) {
    app.log.error({ err: error, tenantId }, "The tenant's new permissions could not be seeded");
  }
  if (config.admin.isDefault) {
    app.log.warn(
      'ADMIN_PASSWORD is not set: the admin user was seeded with the well-known default password',
    );
  }
  return app;
}
