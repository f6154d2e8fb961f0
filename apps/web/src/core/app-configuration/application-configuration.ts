/**
 * The part of ABP's `ApplicationConfigurationDto` the web app reads (ABP-REFERENCE 2.2). Kept as
 * types only, so the entry chunk carries no schema; `@vineta/contracts` owns the full schema.
 */
export interface LanguageInfo {
  cultureName: string;
  uiCultureName: string;
  displayName: string;
  flagIcon?: string | null;
}

export interface CurrentCulture {
  cultureName: string;
  name: string;
  displayName: string;
  englishName?: string;
  nativeName?: string;
  twoLetterIsoLanguageName?: string;
  isRightToLeft: boolean;
  dateTimeFormat: {
    shortDatePattern: string;
    shortTimePattern: string;
    longTimePattern?: string;
    dateSeparator?: string;
    fullDateTimePattern?: string;
  };
}

export interface CurrentUser {
  isAuthenticated: boolean;
  id: string | null;
  tenantId: string | null;
  userName: string | null;
  name: string | null;
  surName: string | null;
  email: string | null;
  roles: string[];
}

export interface CurrentTenant {
  id: string | null;
  name: string | null;
  isAvailable: boolean;
}

export interface ApplicationConfiguration {
  localization: {
    values: Record<string, Record<string, string>>;
    languages: LanguageInfo[];
    currentCulture: CurrentCulture;
    defaultResourceName: string | null;
  };
  auth: { policies?: Record<string, boolean>; grantedPolicies: Record<string, boolean> };
  setting: { values: Record<string, string | null> };
  currentUser: CurrentUser;
  features: { values: Record<string, string | null> };
  multiTenancy: { isEnabled: boolean };
  currentTenant: CurrentTenant;
  /** What modules add (ABP's contributors); absent from older servers' answers. */
  extraProperties?: Record<string, unknown>;
}
