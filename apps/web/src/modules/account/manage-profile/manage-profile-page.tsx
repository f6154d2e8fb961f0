import { useCurrentUser } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { LoadingState } from '#src/theme/load-state/loading-state';
import { PageHeader } from '#src/theme/page/page-header';
import { useMyProfile } from '../api/get-my-profile';
import { ChangePasswordForm } from './change-password-form';
import { PersonalSettingsForm } from './personal-settings-form';
import { type ProfileTab, ProfileTabs } from './profile-tabs';

/**
 * /account/manage (SPEC.md sections 2 and 4): Change Password (tab 0) and Personal Settings
 * (tab 1); an external profile has no password to change, so it opens on Personal Settings.
 */
export function ManageProfilePage() {
  const t = useLocalization();
  const userId = useCurrentUser()?.id ?? null;
  const query = useMyProfile(userId);
  const profile = query.data;

  let body = <LoadingState query={query} />;
  if (profile?.userName) {
    const tabs: ProfileTab[] = [
      {
        key: 'personal-settings',
        label: t('AbpAccount::PersonalSettings'),
        // A new stamp is a new profile (saved here, or read again after a conflict): a fresh form.
        content: (
          <PersonalSettingsForm key={profile.concurrencyStamp} profile={profile} userId={userId} />
        ),
      },
    ];
    if (!profile.isExternal) {
      tabs.unshift({
        key: 'change-password',
        label: t('AbpAccount::ChangePassword'),
        // A new key when the user gets a password: a fresh form with the current-password field.
        content: (
          <ChangePasswordForm key={String(profile.hasPassword)} profile={profile} userId={userId} />
        ),
      });
    }
    body = (
      <div className="card">
        <div className="card-body">
          <ProfileTabs tabs={tabs} label={t('AbpAccount::ManageYourProfile')} />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('AbpAccount::MyAccount')} />
      {body}
    </>
  );
}
