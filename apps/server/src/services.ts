import { TenantDatabaseEngineProperty } from '@vineta/contracts/tenant-management/tenant';
import { TenantManagementPermissions } from '@vineta/contracts/tenant-management/tenant-management.permissions';
import { type Config, ConfigError } from './config.js';
import { createDataContextFor } from './db/database.js';
import { accountSettings } from './modules/account/account.settings.js';
import { createPasswordPolicy } from './modules/account/password-policy.js';
import { createSignInService } from './modules/account/sign-in.service.js';
import { createAppConfigurationService } from './modules/app-configuration/app-configuration.service.js';
import { featureManagementPermissions } from './modules/feature-management/feature-management.permissions.js';
import { createFeatureManagementService } from './modules/feature-management/feature-management.service.js';
import { identityPermissions } from './modules/identity/identity.permissions.js';
import { createIdentityServices } from './modules/identity/identity.service.js';
import { identitySettings } from './modules/identity/identity.settings.js';
import { createIdentityChanges } from './modules/identity/identity-changes.js';
import { ADMIN_NAME, createIdentityDataSeeder } from './modules/identity/identity-data-seeder.js';
import { createRolesRepository } from './modules/identity/roles/roles.repository.js';
import { createUserCounts } from './modules/identity/users/user-counts.js';
import type { GramChoice } from './modules/identity/users/user-list.service.js';
import { createUsersRepository } from './modules/identity/users/users.repository.js';
import { createPermissionManagementService } from './modules/permission-management/permission-management.service.js';
import { identityProviders } from './modules/permission-management/permission-management-providers.js';
import { createEmailSettingsService } from './modules/setting-management/email-settings.service.js';
import {
  settingManagementFeatures,
  settingManagementPermissions,
} from './modules/setting-management/setting-management.definitions.js';
import { createTenantConnectionStringsService } from './modules/tenant-management/tenant-connection-strings.service.js';
import { tenantManagementPermissions } from './modules/tenant-management/tenant-management.permissions.js';
import { createCachedTenantStore } from './modules/tenant-management/tenant-store.js';
import { createTenantsRepository } from './modules/tenant-management/tenants.repository.js';
import { createTenantsService } from './modules/tenant-management/tenants.service.js';
import { createForwardingLogger } from './platform/async/background-logger.js';
import { createPermissionChecker } from './platform/authorization/permission-checker.js';
import { PermissionRegistry } from './platform/authorization/permission-definitions.js';
import { createPermissionGrantRepository } from './platform/authorization/permission-grant.repository.js';
import { createCacheHub } from './platform/caching/cache.js';
import { normalize } from './platform/data/audit.js';
import { includingDeleted, withinTenant } from './platform/data/data-scope.js';
import { createProviderValueRepository } from './platform/data/provider-value.repository.js';
import { BusinessError } from './platform/errors/business-error.js';
import { createFeatureChecker } from './platform/features/feature-checker.js';
import { FeatureRegistry } from './platform/features/feature-definitions.js';
import type { CompressedJson } from './platform/http/compressed-json.js';
import { localizationSettings } from './platform/localization/localization.settings.js';
import { createLocalizer, type LocalizationResource } from './platform/localization/localizer.js';
import { mailSettings } from './platform/mail/mail.settings.js';
import { createMailOutbox } from './platform/mail/mail-outbox.js';
import { createMailTemplates } from './platform/mail/mail-templates.js';
import { createOutboxRepository } from './platform/mail/outbox.repository.js';
import { createOutboxWorker, type OutboxWorkerOptions } from './platform/mail/outbox-worker.js';
import { createSmtpSender } from './platform/mail/smtp-sender.js';
import { createTenantResolver } from './platform/multi-tenancy/tenant-resolver.js';
import { createPasswordHasher } from './platform/security/password-hashing/password-hasher.js';
import { createStringEncryption } from './platform/security/string-encryption.js';
import { createSecurityLogRepository } from './platform/security-log/security-log.repository.js';
import { createSecurityLogRetention } from './platform/security-log/security-log-retention.js';
import { createSecurityLogWriter } from './platform/security-log/security-log-writer.js';
import { SettingRegistry } from './platform/settings/setting-definitions.js';
import { createSettingManager } from './platform/settings/setting-manager.js';

const APPLICATION_NAME = 'Viñeta';

/**
 * Builds every service from the configuration with plain factories (no container): the one place
 * that knows how the platform and the modules fit together. Tests call it with their own Config.
 */
export function createServices(
  config: Config,
  resources: LocalizationResource[],
  options: { mailOutbox?: OutboxWorkerOptions } = {},
) {
  const cacheHub = createCacheHub({
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
  });
  const localizer = createLocalizer(resources, 'es-MX');
  const encryption = createStringEncryption(config.encryptionKey);
  // Tenants with their own connection string keep their data there (decision 003).
  // The app gives it its logger once built (app.ts); the database is opened after that.
  const databaseLog = createForwardingLogger();
  const data = createDataContextFor(config.database, {
    log: databaseLog,
    tenantDatabases: {
      cache: cacheHub.create('tenant-databases', { ttlMs: 60_000 }),
      decode: (stored) => (encryption.isEncrypted(stored) ? encryption.decrypt(stored) : stored),
      dataDir: config.dataDir,
    },
  });

  const permissionRegistry = new PermissionRegistry([
    identityPermissions,
    tenantManagementPermissions,
    featureManagementPermissions,
    settingManagementPermissions,
  ]);
  const settingRegistry = new SettingRegistry([
    ...identitySettings,
    ...accountSettings,
    ...localizationSettings,
    ...mailSettings(APPLICATION_NAME),
  ]);
  const featureRegistry = new FeatureRegistry([settingManagementFeatures]);
  const appConfigurationCache = cacheHub.create<CompressedJson>('application-configuration', {
    maxEntries: 5_000,
    ttlMs: 60_000,
  });
  const onChanged = () => appConfigurationCache.invalidateAll();

  const settings = createSettingManager({
    data,
    registry: settingRegistry,
    values: createProviderValueRepository(data, 'settings'),
    cache: cacheHub.create('settings'),
    configuration: config.settings,
    encryption,
    onChanged,
  });
  const features = createFeatureChecker({
    data,
    registry: featureRegistry,
    values: createProviderValueRepository(data, 'featureValues'),
    cache: cacheHub.create('features'),
    onChanged,
  });

  const permissionGrants = createPermissionGrantRepository(data);
  const permissions = createPermissionChecker({
    data,
    registry: permissionRegistry,
    isFeatureEnabled: (name) => features.isEnabled(name),
    grants: permissionGrants,
    cache: cacheHub.create('permission-grants'),
    onChanged,
  });

  // Mail: modules enqueue in their transaction; app.ts starts the worker once the app is ready.
  const mailRepository = createOutboxRepository(data);
  const mailSender = createSmtpSender({ settings });
  const mailWorker = createOutboxWorker({
    repository: mailRepository,
    sender: mailSender,
    options: options.mailOutbox,
  });
  const mailOutbox = createMailOutbox({
    data,
    repository: mailRepository,
    nudge: () => mailWorker.nudge(),
  });
  const mailTemplates = createMailTemplates({ localizer, applicationName: APPLICATION_NAME });

  const tenants = createTenantsRepository(data);
  const tenantStore = createCachedTenantStore(tenants, cacheHub.create('tenants'));
  const tenantResolver = createTenantResolver(tenantStore, config.multiTenancy);

  // The users list caches its totals per tenant; every write to a tenant's users drops them.
  const userCounts = createUserCounts(cacheHub);
  const users = createUsersRepository(data, { onListChanged: userCounts.invalidate });
  const roles = createRolesRepository(data);
  const passwordHasher = createPasswordHasher(config.passwordHashing);
  const passwordPolicy = createPasswordPolicy(settings);
  const identitySeeder = createIdentityDataSeeder({
    data,
    users,
    roles,
    hasher: passwordHasher,
    permissions,
    grants: permissionGrants,
    registry: permissionRegistry,
  });

  // Tenants, features and e-mail settings (host administration); the tenant's admin password is
  // checked against the host's password rules.
  const tenantsService = createTenantsService({
    data,
    repository: tenants,
    hasher: passwordHasher,
    passwordPolicy,
    seeder: identitySeeder,
    forgetTenant: (tenant) => tenantStore.forget(tenant),
  });
  const tenantConnectionStrings = createTenantConnectionStringsService({
    data,
    repository: tenants,
    encryption,
    dataDir: config.dataDir,
    sharedDatabase: config.database,
    openDatabase: async (target) => data.tenantDatabases?.open(target),
    adminOf: async (tenantId) => {
      const admin = await withinTenant(tenantId, () =>
        users.findByNormalizedUserName(normalize(ADMIN_NAME)),
      );
      return admin && { email: admin.email, passwordHash: admin.passwordHash };
    },
    async onChanged(tenantId, admin) {
      await data.tenantDatabases?.forget(tenantId);
      if (admin) await identitySeeder.seedHashed(tenantId, admin);
    },
  });
  const featureManagement = createFeatureManagementService({
    data,
    registry: featureRegistry,
    features,
    localizer,
    tenantExists: async (id) => (await tenantStore.findById(id)) !== undefined,
  });
  const emailSettings = createEmailSettingsService({ data, settings, mailSender });

  const securityLogs = createSecurityLogRepository(data);
  const securityLog = createSecurityLogWriter({
    repository: securityLogs,
    applicationName: APPLICATION_NAME,
  });
  const securityLogRetention = createSecurityLogRetention({
    repository: securityLogs,
    retentionDays: config.securityLogRetentionDays,
    tenantIdsAfter: async (afterId, limit) =>
      (await includingDeleted(() => tenants.pageAfter(afterId, limit))).map((tenant) => tenant.id),
  });

  const appConfiguration = createAppConfigurationService({
    localizer,
    permissionRegistry,
    permissions,
    settings,
    features,
    multiTenancyEnabled: config.multiTenancy.isEnabled,
    cache: appConfigurationCache,
    extraProperties: (granted) =>
      granted.has(TenantManagementPermissions.Tenants.ManageConnectionStrings)
        ? { [TenantDatabaseEngineProperty]: config.database.dialect }
        : {},
  });

  // Identity administration and permission management (issue 6). Role, credential and status
  // changes drop the cached application configuration (granted policies follow roles).
  const identityChanges = createIdentityChanges();
  identityChanges.onUsersChanged(() => appConfiguration.invalidate());
  const identity = createIdentityServices({
    data,
    users,
    roles,
    hasher: passwordHasher,
    passwordValidator: passwordPolicy,
    settings,
    permissions,
    changes: identityChanges,
    userCounts,
    securityLogs,
    userSearchStatistics: {
      frequencies: cacheHub.create<number>('identity-user-search-statistics', {
        maxEntries: 20_000,
        ttlMs: 600_000,
      }),
      choices: cacheHub.create<GramChoice>('identity-user-search-grams', {
        maxEntries: 5_000,
        ttlMs: 600_000,
      }),
    },
  });
  const signIn = createSignInService({
    users: identity.userManager,
    hasher: passwordHasher,
    settings,
    securityLog,
  });
  const permissionManagement = createPermissionManagementService({
    data,
    registry: permissionRegistry,
    permissions,
    localizer,
    isFeatureEnabled: (name) => features.isEnabled(name),
    providers: identityProviders({
      findRoleName: (name) => identity.roles.findName(name),
      findUser: (id) => identity.userQueries.nameAndRoles(id),
      ceiling: identity.ceiling,
    }),
  });

  return {
    config,
    data,
    databaseLog,
    cacheHub,
    localizer,
    encryption,
    permissionRegistry,
    settingRegistry,
    featureRegistry,
    permissions,
    settings,
    features,
    tenants,
    tenantStore,
    tenantResolver,
    tenantsService,
    tenantConnectionStrings,
    featureManagement,
    emailSettings,
    users,
    roles,
    passwordHasher,
    identitySeeder,
    identityChanges,
    identity,
    permissionManagement,
    securityLog,
    securityLogRetention,
    signIn,
    appConfiguration,
    mailSender,
    mailOutbox,
    mailTemplates,
    mailWorker,
    /** The host's admin at first start, whose password (ADMIN_PASSWORD) the host's rules must accept. */
    seedHost: (admin: { email: string; password: string }) =>
      identitySeeder.seed(null, admin, {
        validate: (password) =>
          passwordPolicy.validate(password).catch((error: unknown) => {
            if (!(error instanceof BusinessError)) throw error;
            const rules = [error, ...error.more]
              .map(({ code, data }) => localizer.errorMessage(code, 'en', data) ?? code)
              .join(' ');
            throw new ConfigError(`ADMIN_PASSWORD: the password rules refuse it. ${rules}`);
          }),
      }),
    /** Every tenant's admin role gets the permissions added since the seed last ran there. */
    seedTenants: () => identitySeeder.seedEveryTenant(tenants.pageAfter),
    async close() {
      await mailWorker.stop();
      await securityLogRetention.stop();
      await cacheHub.close();
      await passwordHasher.close();
      await data.destroy();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
