import type { Config } from './config.js';
import { createDataContextFor } from './db/database.js';
import { accountSettings } from './modules/account/account.settings.js';
import { createAppConfigurationService } from './modules/app-configuration/app-configuration.service.js';
import { featureManagementPermissions } from './modules/feature-management/feature-management.permissions.js';
import { identityPermissions } from './modules/identity/identity.permissions.js';
import { identitySettings } from './modules/identity/identity.settings.js';
import { createIdentityDataSeeder } from './modules/identity/identity-data-seeder.js';
import { createPasswordHasher } from './modules/identity/password-hasher.js';
import { createRolesRepository } from './modules/identity/roles/roles.repository.js';
import { createUsersRepository } from './modules/identity/users/users.repository.js';
import {
  settingManagementFeatures,
  settingManagementPermissions,
} from './modules/setting-management/setting-management.definitions.js';
import { tenantManagementPermissions } from './modules/tenant-management/tenant-management.permissions.js';
import { createCachedTenantStore } from './modules/tenant-management/tenant-store.js';
import { createTenantsRepository } from './modules/tenant-management/tenants.repository.js';
import { createPermissionChecker } from './platform/authorization/permission-checker.js';
import { PermissionRegistry } from './platform/authorization/permission-definitions.js';
import { createPermissionGrantRepository } from './platform/authorization/permission-grant.repository.js';
import { createCacheHub } from './platform/caching/cache.js';
import { createFeatureChecker } from './platform/features/feature-checker.js';
import { FeatureRegistry } from './platform/features/feature-definitions.js';
import { createFeatureValueRepository } from './platform/features/feature-value.repository.js';
import { localizationSettings } from './platform/localization/localization.settings.js';
import { createLocalizer, type LocalizationResource } from './platform/localization/localizer.js';
import { mailSettings } from './platform/mail/mail.settings.js';
import { createTenantResolver } from './platform/multi-tenancy/tenant-resolver.js';
import { createStringEncryption } from './platform/security/string-encryption.js';
import { SettingRegistry } from './platform/settings/setting-definitions.js';
import { createSettingManager } from './platform/settings/setting-manager.js';
import { createSettingValueRepository } from './platform/settings/setting-value.repository.js';

export const APPLICATION_NAME = 'Viñeta';

/**
 * Builds every service from the configuration with plain factories (no container): the one place
 * that knows how the platform and the modules fit together. Tests call it with their own Config.
 */
export function createServices(config: Config, resources: LocalizationResource[]) {
  const data = createDataContextFor(config.database);
  const cacheHub = createCacheHub({ redisUrl: config.redisUrl });
  const localizer = createLocalizer(resources, 'es-MX');
  const encryption = createStringEncryption(config.encryptionKey);

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
  const appConfigurationCache = cacheHub.create<string>('application-configuration', {
    maxEntries: 5_000,
    ttlMs: 60_000,
  });
  const onChanged = () => appConfigurationCache.invalidateAll();

  const permissions = createPermissionChecker({
    data,
    registry: permissionRegistry,
    grants: createPermissionGrantRepository(data),
    cache: cacheHub.create('permission-grants'),
    onChanged,
  });
  const settings = createSettingManager({
    data,
    registry: settingRegistry,
    values: createSettingValueRepository(data),
    cache: cacheHub.create('settings'),
    configuration: config.settings,
    encryption,
    onChanged,
  });
  const features = createFeatureChecker({
    data,
    registry: featureRegistry,
    values: createFeatureValueRepository(data),
    cache: cacheHub.create('features'),
    onChanged,
  });

  const tenants = createTenantsRepository(data);
  const tenantStore = createCachedTenantStore(tenants, cacheHub.create('tenants'));
  const tenantResolver = createTenantResolver(tenantStore, config.multiTenancy);

  const users = createUsersRepository(data);
  const roles = createRolesRepository(data);
  const passwordHasher = createPasswordHasher();
  const identitySeeder = createIdentityDataSeeder({
    data,
    users,
    roles,
    hasher: passwordHasher,
    permissions,
    registry: permissionRegistry,
  });

  const appConfiguration = createAppConfigurationService({
    localizer,
    permissionRegistry,
    permissions,
    settings,
    features,
    multiTenancyEnabled: config.multiTenancy.isEnabled,
    cache: appConfigurationCache,
  });

  return {
    config,
    data,
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
    users,
    roles,
    passwordHasher,
    identitySeeder,
    appConfiguration,
    seedHost: (admin: { email: string; password: string }) => identitySeeder.seed(null, admin),
    async close() {
      await cacheHub.close();
      await data.destroy();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
