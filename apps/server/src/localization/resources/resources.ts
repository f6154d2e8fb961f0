// Localization texts of every resource (ABP resource names), one JSON file per culture.
// Data only: the localizer (platform/localization) resolves inheritance and fallbacks.

import abpAccountAr from './AbpAccount/ar.json' with { type: 'json' };
import abpAccountDe from './AbpAccount/de.json' with { type: 'json' };
import abpAccountEn from './AbpAccount/en.json' with { type: 'json' };
import abpAccountEsMX from './AbpAccount/es-MX.json' with { type: 'json' };
import abpAccountFr from './AbpAccount/fr.json' with { type: 'json' };
import abpAccountPtBR from './AbpAccount/pt-BR.json' with { type: 'json' };
import abpAccountTr from './AbpAccount/tr.json' with { type: 'json' };
import abpAccountZhHans from './AbpAccount/zh-Hans.json' with { type: 'json' };
import abpExceptionHandlingAr from './AbpExceptionHandling/ar.json' with { type: 'json' };
import abpExceptionHandlingDe from './AbpExceptionHandling/de.json' with { type: 'json' };
import abpExceptionHandlingEn from './AbpExceptionHandling/en.json' with { type: 'json' };
import abpExceptionHandlingEsMX from './AbpExceptionHandling/es-MX.json' with { type: 'json' };
import abpExceptionHandlingFr from './AbpExceptionHandling/fr.json' with { type: 'json' };
import abpExceptionHandlingPtBR from './AbpExceptionHandling/pt-BR.json' with { type: 'json' };
import abpExceptionHandlingTr from './AbpExceptionHandling/tr.json' with { type: 'json' };
import abpExceptionHandlingZhHans from './AbpExceptionHandling/zh-Hans.json' with { type: 'json' };
import abpFeatureManagementAr from './AbpFeatureManagement/ar.json' with { type: 'json' };
import abpFeatureManagementDe from './AbpFeatureManagement/de.json' with { type: 'json' };
import abpFeatureManagementEn from './AbpFeatureManagement/en.json' with { type: 'json' };
import abpFeatureManagementEsMX from './AbpFeatureManagement/es-MX.json' with { type: 'json' };
import abpFeatureManagementFr from './AbpFeatureManagement/fr.json' with { type: 'json' };
import abpFeatureManagementPtBR from './AbpFeatureManagement/pt-BR.json' with { type: 'json' };
import abpFeatureManagementTr from './AbpFeatureManagement/tr.json' with { type: 'json' };
import abpFeatureManagementZhHans from './AbpFeatureManagement/zh-Hans.json' with { type: 'json' };
import abpIdentityAr from './AbpIdentity/ar.json' with { type: 'json' };
import abpIdentityDe from './AbpIdentity/de.json' with { type: 'json' };
import abpIdentityEn from './AbpIdentity/en.json' with { type: 'json' };
import abpIdentityEsMX from './AbpIdentity/es-MX.json' with { type: 'json' };
import abpIdentityFr from './AbpIdentity/fr.json' with { type: 'json' };
import abpIdentityPtBR from './AbpIdentity/pt-BR.json' with { type: 'json' };
import abpIdentityTr from './AbpIdentity/tr.json' with { type: 'json' };
import abpIdentityZhHans from './AbpIdentity/zh-Hans.json' with { type: 'json' };
import abpPermissionManagementAr from './AbpPermissionManagement/ar.json' with { type: 'json' };
import abpPermissionManagementDe from './AbpPermissionManagement/de.json' with { type: 'json' };
import abpPermissionManagementEn from './AbpPermissionManagement/en.json' with { type: 'json' };
import abpPermissionManagementEsMX from './AbpPermissionManagement/es-MX.json' with {
  type: 'json',
};
import abpPermissionManagementFr from './AbpPermissionManagement/fr.json' with { type: 'json' };
import abpPermissionManagementPtBR from './AbpPermissionManagement/pt-BR.json' with {
  type: 'json',
};
import abpPermissionManagementTr from './AbpPermissionManagement/tr.json' with { type: 'json' };
import abpPermissionManagementZhHans from './AbpPermissionManagement/zh-Hans.json' with {
  type: 'json',
};
import abpSettingManagementAr from './AbpSettingManagement/ar.json' with { type: 'json' };
import abpSettingManagementDe from './AbpSettingManagement/de.json' with { type: 'json' };
import abpSettingManagementEn from './AbpSettingManagement/en.json' with { type: 'json' };
import abpSettingManagementEsMX from './AbpSettingManagement/es-MX.json' with { type: 'json' };
import abpSettingManagementFr from './AbpSettingManagement/fr.json' with { type: 'json' };
import abpSettingManagementPtBR from './AbpSettingManagement/pt-BR.json' with { type: 'json' };
import abpSettingManagementTr from './AbpSettingManagement/tr.json' with { type: 'json' };
import abpSettingManagementZhHans from './AbpSettingManagement/zh-Hans.json' with { type: 'json' };
import abpTenantManagementAr from './AbpTenantManagement/ar.json' with { type: 'json' };
import abpTenantManagementDe from './AbpTenantManagement/de.json' with { type: 'json' };
import abpTenantManagementEn from './AbpTenantManagement/en.json' with { type: 'json' };
import abpTenantManagementEsMX from './AbpTenantManagement/es-MX.json' with { type: 'json' };
import abpTenantManagementFr from './AbpTenantManagement/fr.json' with { type: 'json' };
import abpTenantManagementPtBR from './AbpTenantManagement/pt-BR.json' with { type: 'json' };
import abpTenantManagementTr from './AbpTenantManagement/tr.json' with { type: 'json' };
import abpTenantManagementZhHans from './AbpTenantManagement/zh-Hans.json' with { type: 'json' };
import abpUiAr from './AbpUi/ar.json' with { type: 'json' };
import abpUiDe from './AbpUi/de.json' with { type: 'json' };
import abpUiEn from './AbpUi/en.json' with { type: 'json' };
import abpUiEsMX from './AbpUi/es-MX.json' with { type: 'json' };
import abpUiFr from './AbpUi/fr.json' with { type: 'json' };
import abpUiPtBR from './AbpUi/pt-BR.json' with { type: 'json' };
import abpUiTr from './AbpUi/tr.json' with { type: 'json' };
import abpUiZhHans from './AbpUi/zh-Hans.json' with { type: 'json' };
import abpUiMultiTenancyAr from './AbpUiMultiTenancy/ar.json' with { type: 'json' };
import abpUiMultiTenancyDe from './AbpUiMultiTenancy/de.json' with { type: 'json' };
import abpUiMultiTenancyEn from './AbpUiMultiTenancy/en.json' with { type: 'json' };
import abpUiMultiTenancyEsMX from './AbpUiMultiTenancy/es-MX.json' with { type: 'json' };
import abpUiMultiTenancyFr from './AbpUiMultiTenancy/fr.json' with { type: 'json' };
import abpUiMultiTenancyPtBR from './AbpUiMultiTenancy/pt-BR.json' with { type: 'json' };
import abpUiMultiTenancyTr from './AbpUiMultiTenancy/tr.json' with { type: 'json' };
import abpUiMultiTenancyZhHans from './AbpUiMultiTenancy/zh-Hans.json' with { type: 'json' };
import abpUiNavigationAr from './AbpUiNavigation/ar.json' with { type: 'json' };
import abpUiNavigationDe from './AbpUiNavigation/de.json' with { type: 'json' };
import abpUiNavigationEn from './AbpUiNavigation/en.json' with { type: 'json' };
import abpUiNavigationEsMX from './AbpUiNavigation/es-MX.json' with { type: 'json' };
import abpUiNavigationFr from './AbpUiNavigation/fr.json' with { type: 'json' };
import abpUiNavigationPtBR from './AbpUiNavigation/pt-BR.json' with { type: 'json' };
import abpUiNavigationTr from './AbpUiNavigation/tr.json' with { type: 'json' };
import abpUiNavigationZhHans from './AbpUiNavigation/zh-Hans.json' with { type: 'json' };
import abpValidationAr from './AbpValidation/ar.json' with { type: 'json' };
import abpValidationDe from './AbpValidation/de.json' with { type: 'json' };
import abpValidationEn from './AbpValidation/en.json' with { type: 'json' };
import abpValidationEsMX from './AbpValidation/es-MX.json' with { type: 'json' };
import abpValidationFr from './AbpValidation/fr.json' with { type: 'json' };
import abpValidationPtBR from './AbpValidation/pt-BR.json' with { type: 'json' };
import abpValidationTr from './AbpValidation/tr.json' with { type: 'json' };
import abpValidationZhHans from './AbpValidation/zh-Hans.json' with { type: 'json' };
import vinetaAr from './Vineta/ar.json' with { type: 'json' };
import vinetaDe from './Vineta/de.json' with { type: 'json' };
import vinetaEn from './Vineta/en.json' with { type: 'json' };
import vinetaEsMX from './Vineta/es-MX.json' with { type: 'json' };
import vinetaFr from './Vineta/fr.json' with { type: 'json' };
import vinetaPtBR from './Vineta/pt-BR.json' with { type: 'json' };
import vinetaTr from './Vineta/tr.json' with { type: 'json' };
import vinetaZhHans from './Vineta/zh-Hans.json' with { type: 'json' };

interface LocalizationResourceDefinition {
  name: string;
  baseResources: string[];
  /** culture → key → text */
  texts: Record<string, Record<string, string>>;
}

export const localizationResources: LocalizationResourceDefinition[] = [
  {
    name: 'AbpValidation',
    baseResources: [],
    texts: {
      'es-MX': abpValidationEsMX.texts,
      en: abpValidationEn.texts,
      ar: abpValidationAr.texts,
      fr: abpValidationFr.texts,
      de: abpValidationDe.texts,
      'pt-BR': abpValidationPtBR.texts,
      tr: abpValidationTr.texts,
      'zh-Hans': abpValidationZhHans.texts,
    },
  },
  {
    name: 'AbpExceptionHandling',
    baseResources: [],
    texts: {
      'es-MX': abpExceptionHandlingEsMX.texts,
      en: abpExceptionHandlingEn.texts,
      ar: abpExceptionHandlingAr.texts,
      fr: abpExceptionHandlingFr.texts,
      de: abpExceptionHandlingDe.texts,
      'pt-BR': abpExceptionHandlingPtBR.texts,
      tr: abpExceptionHandlingTr.texts,
      'zh-Hans': abpExceptionHandlingZhHans.texts,
    },
  },
  {
    name: 'AbpUi',
    baseResources: ['AbpExceptionHandling'],
    texts: {
      'es-MX': abpUiEsMX.texts,
      en: abpUiEn.texts,
      ar: abpUiAr.texts,
      fr: abpUiFr.texts,
      de: abpUiDe.texts,
      'pt-BR': abpUiPtBR.texts,
      tr: abpUiTr.texts,
      'zh-Hans': abpUiZhHans.texts,
    },
  },
  {
    name: 'AbpUiNavigation',
    baseResources: [],
    texts: {
      'es-MX': abpUiNavigationEsMX.texts,
      en: abpUiNavigationEn.texts,
      ar: abpUiNavigationAr.texts,
      fr: abpUiNavigationFr.texts,
      de: abpUiNavigationDe.texts,
      'pt-BR': abpUiNavigationPtBR.texts,
      tr: abpUiNavigationTr.texts,
      'zh-Hans': abpUiNavigationZhHans.texts,
    },
  },
  {
    name: 'AbpUiMultiTenancy',
    baseResources: [],
    texts: {
      'es-MX': abpUiMultiTenancyEsMX.texts,
      en: abpUiMultiTenancyEn.texts,
      ar: abpUiMultiTenancyAr.texts,
      fr: abpUiMultiTenancyFr.texts,
      de: abpUiMultiTenancyDe.texts,
      'pt-BR': abpUiMultiTenancyPtBR.texts,
      tr: abpUiMultiTenancyTr.texts,
      'zh-Hans': abpUiMultiTenancyZhHans.texts,
    },
  },
  {
    name: 'AbpAccount',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpAccountEsMX.texts,
      en: abpAccountEn.texts,
      ar: abpAccountAr.texts,
      fr: abpAccountFr.texts,
      de: abpAccountDe.texts,
      'pt-BR': abpAccountPtBR.texts,
      tr: abpAccountTr.texts,
      'zh-Hans': abpAccountZhHans.texts,
    },
  },
  {
    name: 'AbpIdentity',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpIdentityEsMX.texts,
      en: abpIdentityEn.texts,
      ar: abpIdentityAr.texts,
      fr: abpIdentityFr.texts,
      de: abpIdentityDe.texts,
      'pt-BR': abpIdentityPtBR.texts,
      tr: abpIdentityTr.texts,
      'zh-Hans': abpIdentityZhHans.texts,
    },
  },
  {
    name: 'AbpTenantManagement',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpTenantManagementEsMX.texts,
      en: abpTenantManagementEn.texts,
      ar: abpTenantManagementAr.texts,
      fr: abpTenantManagementFr.texts,
      de: abpTenantManagementDe.texts,
      'pt-BR': abpTenantManagementPtBR.texts,
      tr: abpTenantManagementTr.texts,
      'zh-Hans': abpTenantManagementZhHans.texts,
    },
  },
  {
    name: 'AbpPermissionManagement',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpPermissionManagementEsMX.texts,
      en: abpPermissionManagementEn.texts,
      ar: abpPermissionManagementAr.texts,
      fr: abpPermissionManagementFr.texts,
      de: abpPermissionManagementDe.texts,
      'pt-BR': abpPermissionManagementPtBR.texts,
      tr: abpPermissionManagementTr.texts,
      'zh-Hans': abpPermissionManagementZhHans.texts,
    },
  },
  {
    name: 'AbpFeatureManagement',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpFeatureManagementEsMX.texts,
      en: abpFeatureManagementEn.texts,
      ar: abpFeatureManagementAr.texts,
      fr: abpFeatureManagementFr.texts,
      de: abpFeatureManagementDe.texts,
      'pt-BR': abpFeatureManagementPtBR.texts,
      tr: abpFeatureManagementTr.texts,
      'zh-Hans': abpFeatureManagementZhHans.texts,
    },
  },
  {
    name: 'AbpSettingManagement',
    baseResources: ['AbpValidation', 'AbpUi'],
    texts: {
      'es-MX': abpSettingManagementEsMX.texts,
      en: abpSettingManagementEn.texts,
      ar: abpSettingManagementAr.texts,
      fr: abpSettingManagementFr.texts,
      de: abpSettingManagementDe.texts,
      'pt-BR': abpSettingManagementPtBR.texts,
      tr: abpSettingManagementTr.texts,
      'zh-Hans': abpSettingManagementZhHans.texts,
    },
  },
  {
    name: 'Vineta',
    baseResources: ['AbpValidation', 'AbpUi', 'AbpExceptionHandling'],
    texts: {
      'es-MX': vinetaEsMX.texts,
      en: vinetaEn.texts,
      ar: vinetaAr.texts,
      fr: vinetaFr.texts,
      de: vinetaDe.texts,
      'pt-BR': vinetaPtBR.texts,
      tr: vinetaTr.texts,
      'zh-Hans': vinetaZhHans.texts,
    },
  },
];
