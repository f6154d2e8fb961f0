import {
  AccountSettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSetting } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { toaster } from '#src/theme/toast/toaster';
import { accountHref, accountPaths } from '../account.paths';
import { AccountCard } from '../shared/account-card';
import { RegisterForm } from './register-form';

const disabledMessage = 'AbpAccount::SelfRegistrationDisabledMessage';

/** /account/register: the form, or a warning when self-registration is off. */
export function RegisterPage() {
  const t = useLocalization();
  const { search } = useLocation();
  const enabled = isEnabledUnlessFalse(useSetting(AccountSettingNames.IsSelfRegistrationEnabled));

  useEffect(() => {
    if (enabled) return;
    const id = toaster.warn(disabledMessage, undefined, { life: 10000 });
    return () => toaster.remove(id);
  }, [enabled]);

  return (
    <AccountCard title={t('AbpAccount::Register')}>
      <p className="mb-3">
        {t('AbpAccount::AlreadyRegistered')}{' '}
        <Link to={accountHref(accountPaths.login, search)}>{t('AbpAccount::Login')}</Link>
      </p>
      {enabled ? (
        <RegisterForm />
      ) : (
        <div className="alert alert-warning mb-0" role="alert">
          {t(disabledMessage)}
        </div>
      )}
    </AccountCard>
  );
}
