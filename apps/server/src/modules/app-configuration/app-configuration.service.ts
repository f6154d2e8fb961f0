import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import type { PermissionRegistry } from '../../platform/authorization/permission-definitions.js';
import type { Cache } from '../../platform/caching/cache.js';
import type { FeatureChecker } from '../../platform/features/feature-checker.js';
import { CompressedJson } from '../../platform/http/compressed-json.js';
import type { CurrentTenant, CurrentUser } from '../../platform/http/current-user.js';
import { cultureInfos, languageInfos } from '../../platform/localization/culture-info.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import { timingOf } from './time-zones.js';

export interface ConfigurationRequest {
  culture: string;
  user: CurrentUser | null;
  tenant: CurrentTenant;
  includeLocalizationResources: boolean;
}

/**
 * ABP's `/api/abp/application-configuration`, answered as a JSON string. Everything in it changes
 * only when a permission, setting, feature or role changes, so the whole answer is cached per
 * culture, tenant and user and dropped on any such change; the localization texts, the largest
 * part, are serialized once per culture.
 */
export function createAppConfigurationService(deps: {
  localizer: Localizer;
  permissionRegistry: PermissionRegistry;
  permissions: PermissionChecker;
  settings: SettingManager;
  features: FeatureChecker;
  multiTenancyEnabled: boolean;
  cache: Cache<CompressedJson>;
  /** ABP's `extraProperties`, which other modules fill (by what the user is granted). */
  extraProperties?: (granted: ReadonlySet<string>) => Record<string, unknown>;
}) {
  const { localizer, permissionRegistry, permissions, settings, features, cache } = deps;
  const localizationJson = new Map<string, string>();
  /** One per supported culture (the route maps any other name onto one). */
  const localizationAnswers = new Map<string, CompressedJson>();
  const policiesJson = JSON.stringify(
    Object.fromEntries(permissionRegistry.all().map((p) => [p.name, true])),
  );

  function localizationFragment(culture: string, includeResources: boolean): string {
    const key = `${culture}|${includeResources}`;
    let json = localizationJson.get(key);
    if (!json) {
      const currentCulture =
        cultureInfos.get(culture) ?? cultureInfos.get(localizer.defaultCulture);
      json = JSON.stringify({
        values: includeResources ? localizer.allTexts(culture) : {},
        resources: {},
        languages: languageInfos(),
        currentCulture,
        defaultResourceName: 'Vineta',
        languagesMap: {},
        languageFilesMap: {},
      });
      localizationJson.set(key, json);
    }
    return json;
  }

  async function build(request: ConfigurationRequest): Promise<string> {
    const { user, tenant } = request;
    const subject = user ? { userId: user.id, roles: user.roles, clientId: user.clientId } : null;
    const context = { tenantId: tenant.id, userId: user?.id ?? null };
    const [granted, settingValues, featureValues] = await Promise.all([
      permissions.grantedNames(subject),
      settings.getAll(context, (definition) => definition.isVisibleToClients),
      features.getAll(tenant.id, (definition) => definition.isVisibleToClients),
    ]);
    const dynamic = {
      auth: {
        grantedPolicies: Object.fromEntries([...granted].sort().map((name) => [name, true])),
      },
      setting: { values: settingValues },
      currentUser: currentUserDto(user),
      features: { values: featureValues },
      globalFeatures: { enabledFeatures: [] },
      multiTenancy: { isEnabled: deps.multiTenancyEnabled },
      currentTenant: tenant,
      timing: timingOf(settingValues['Abp.Timing.TimeZone'] ?? null),
      clock: { kind: 'Utc' },
      objectExtensions: { modules: {}, enums: {} },
      extraProperties: deps.extraProperties?.(granted) ?? {},
    };
    // The policy list and the texts are spliced in as pre-serialized fragments.
    const rest = JSON.stringify(dynamic).slice(1);
    const auth = `"auth":{"policies":${policiesJson},${rest.slice('"auth":{'.length)}`;
    return `{"localization":${localizationFragment(request.culture, request.includeLocalizationResources)},${auth}`;
  }

  // The whole user is part of the key: a changed name or role list is a different answer. Users are
  // not changed once authenticated, and the bearer-token authenticator hands out the same object
  // while the user's details stay the same, so each object is serialized once.
  const userKeys = new WeakMap<CurrentUser, string>();
  const userKey = (user: CurrentUser) => {
    let key = userKeys.get(user);
    if (key === undefined) {
      key = JSON.stringify(user);
      userKeys.set(user, key);
    }
    return key;
  };

  return {
    get(request: ConfigurationRequest): Promise<CompressedJson> {
      const key = `${request.culture}|${request.tenant.id ?? ''}|${request.includeLocalizationResources ? 1 : 0}|${
        request.user ? userKey(request.user) : ''
      }`;
      return cache.getOrAdd(key, async () => new CompressedJson(await build(request)));
    },
    /**
     * ABP 7+'s `/api/abp/application-localization`: a culture's texts by resource, which newer
     * clients load apart from a configuration asked for without them. Each resource's texts hold
     * its base resources' already, so no client has to merge them. No text is dynamic here.
     */
    localization(culture: string, onlyDynamics: boolean): CompressedJson {
      const key = `${culture}|${onlyDynamics}`;
      let answer = localizationAnswers.get(key);
      if (!answer) {
        const texts = onlyDynamics ? {} : localizer.allTexts(culture);
        const resources = Object.fromEntries(
          Object.entries(texts).map(([name, values]) => [
            name,
            { texts: values, baseResources: [] },
          ]),
        );
        // ABP 8.1 added the culture, as the configuration has it.
        const currentCulture =
          cultureInfos.get(culture) ?? cultureInfos.get(localizer.defaultCulture);
        answer = new CompressedJson(JSON.stringify({ resources, currentCulture }));
        localizationAnswers.set(key, answer);
      }
      return answer;
    },
    /** Called on every change of permissions, settings, features or roles. */
    invalidate: () => cache.invalidateAll(),
  };
}

function currentUserDto(user: CurrentUser | null) {
  return {
    isAuthenticated: user !== null,
    id: user?.id ?? null,
    tenantId: user?.tenantId ?? null,
    impersonatorUserId: null,
    impersonatorTenantId: null,
    impersonatorUserName: null,
    impersonatorTenantName: null,
    userName: user?.userName ?? null,
    name: user?.name ?? null,
    surName: user?.surName ?? null,
    email: user?.email ?? null,
    emailVerified: user?.emailVerified ?? false,
    phoneNumber: user?.phoneNumber ?? null,
    phoneNumberVerified: user?.phoneNumberVerified ?? false,
    roles: user?.roles ?? [],
  };
}

export type AppConfigurationService = ReturnType<typeof createAppConfigurationService>;
