/**
 * The server's localization texts the web tests show, read where the server keeps them (the web
 * has no copy): English for each resource, and Vineta in es-MX for the date field's words.
 */
import accountTexts from '../../../server/src/localization/resources/AbpAccount/en.json';
import featureTexts from '../../../server/src/localization/resources/AbpFeatureManagement/en.json';
import identityTexts from '../../../server/src/localization/resources/AbpIdentity/en.json';
import permissionTexts from '../../../server/src/localization/resources/AbpPermissionManagement/en.json';
import settingTexts from '../../../server/src/localization/resources/AbpSettingManagement/en.json';
import tenantTexts from '../../../server/src/localization/resources/AbpTenantManagement/en.json';
import uiTexts from '../../../server/src/localization/resources/AbpUi/en.json';
import validationTexts from '../../../server/src/localization/resources/AbpValidation/en.json';
import vinetaTexts from '../../../server/src/localization/resources/Vineta/en.json';
import vinetaSpanishTexts from '../../../server/src/localization/resources/Vineta/es-MX.json';

export {
  accountTexts,
  featureTexts,
  identityTexts,
  permissionTexts,
  settingTexts,
  tenantTexts,
  uiTexts,
  validationTexts,
  vinetaSpanishTexts,
  vinetaTexts,
};
