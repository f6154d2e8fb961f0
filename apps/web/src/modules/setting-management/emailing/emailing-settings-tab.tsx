import { useState } from 'react';
import {
  useAppConfiguration,
  useCurrentUser,
} from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { isPolicyGranted } from '#src/core/permissions/policy';
import { LoadingState } from '#src/theme/load-state/loading-state';
import { useEmailSettings } from '../api/get-email-settings';
import { EmailingSettingsForm } from './emailing-settings-form';
import { SendTestEmailModal } from './send-test-email-modal';

/**
 * The Emailing tab: the stored values in a form, and the test e-mail modal for users granted
 * `SettingManagement.Emailing.Test`. After a save the values are read back into the form.
 */
export function EmailingSettingsTab() {
  const t = useLocalization();
  const configuration = useAppConfiguration();
  const currentUser = useCurrentUser();
  const query = useEmailSettings();
  const settings = query.data;
  const [testing, setTesting] = useState(false);
  const mayTest = isPolicyGranted(
    'SettingManagement.Emailing.Test',
    configuration.auth.grantedPolicies,
  );

  if (!settings) return <LoadingState query={query} />;
  return (
    <>
      <h2 className="h5 mb-3">{t('AbpSettingManagement::Menu:Emailing')}</h2>
      <EmailingSettingsForm
        settings={settings}
        onSendTestEmail={mayTest ? () => setTesting(true) : undefined}
      />
      {testing && (
        <SendTestEmailModal
          senderEmailAddress={settings.defaultFromAddress ?? ''}
          targetEmailAddress={currentUser?.email ?? ''}
          onClose={() => setTesting(false)}
        />
      )}
    </>
  );
}
