import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';

/** A configuration as the server sends it, with the parts each test changes. */
export function testConfiguration(
  overrides: {
    culture?: string;
    rtl?: boolean;
    policies?: Record<string, boolean>;
    features?: Record<string, string>;
    settings?: Record<string, string>;
    values?: Record<string, Record<string, string>>;
    authenticated?: boolean;
    multiTenancy?: boolean;
  } = {},
): ApplicationConfiguration {
  const culture = overrides.culture ?? 'es-MX';
  return {
    localization: {
      values: overrides.values ?? { Vineta: { 'Menu:Home': 'Inicio' } },
      languages: [
        { cultureName: 'es-MX', uiCultureName: 'es-MX', displayName: 'español (México)' },
        { cultureName: 'ar', uiCultureName: 'ar', displayName: 'العربية' },
      ],
      currentCulture: {
        cultureName: culture,
        name: culture,
        displayName: culture,
        isRightToLeft: overrides.rtl ?? false,
        dateTimeFormat: { shortDatePattern: 'dd/MM/yyyy', shortTimePattern: 'HH:mm' },
      },
      defaultResourceName: 'Vineta',
    },
    auth: { grantedPolicies: overrides.policies ?? {} },
    setting: { values: overrides.settings ?? {} },
    currentUser: {
      isAuthenticated: overrides.authenticated ?? false,
      id: null,
      tenantId: null,
      userName: overrides.authenticated ? 'admin' : null,
      name: null,
      surName: null,
      email: overrides.authenticated ? 'admin@vineta.local' : null,
      roles: [],
    },
    features: { values: overrides.features ?? {} },
    multiTenancy: { isEnabled: overrides.multiTenancy ?? true },
    currentTenant: { id: null, name: null, isAvailable: false },
  };
}
