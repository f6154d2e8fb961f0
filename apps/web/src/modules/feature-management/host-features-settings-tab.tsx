import { useState } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { Icon } from '#src/theme/icons/icon';
import { FeatureManagementModal } from './feature-management-modal';

/**
 * ABP's 'Feature management' group of the Settings page (policy
 * `FeatureManagement.ManageHostFeatures`): one button opening the modal for the host's features.
 */
export function HostFeaturesSettingsTab() {
  const t = useLocalization();
  const [visible, setVisible] = useState(false);
  return (
    <>
      <h2 className="h5">{t('AbpFeatureManagement::Permission:FeatureManagement')}</h2>
      <p className="text-muted">{t('AbpFeatureManagement::ManageHostFeaturesDescription')}</p>
      <button type="button" className="btn btn-primary" onClick={() => setVisible(true)}>
        <Icon name="cog" className="me-2" />
        {t('AbpFeatureManagement::ManageHostFeatures')}
      </button>
      {visible && <FeatureManagementModal providerName="T" visible onVisibleChange={setVisible} />}
    </>
  );
}
