import {
  AccountSettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import { Link, useLocation } from 'react-router';
import { useSetting } from '#src/core/app-configuration/app-configuration-store';
import { couldNotAnswer } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { LoadingIndicator } from '#src/theme/load-state/loading-indicator';
import { NotLoaded } from '#src/theme/load-state/not-loaded';
import { accountHref, accountPaths } from '../account.paths';
import { useInteractionDetails } from '../api/get-interaction-details';
import { AccountCard } from '../shared/account-card';
import { signInErrorText } from '../shared/sign-in-error';
import { takeSignInRestartNotice } from '../shared/sign-in-restart';
import { LoginForm } from './login-form';
import { useExpiredSignInRestart } from './use-expired-sign-in';

/**
 * The sign-in screen (SPEC.md section 2). With `interactionId` it is the sign-in server's page of
 * a code-flow interaction and takes its switches from the interaction's details; otherwise from
 * the configuration's settings. An interaction that expired is begun again (sign-in-restart.ts),
 * and the new page says so.
 */
export function LoginScreen() {
  const t = useLocalization();
  const { search } = useLocation();
  const interactionId = new URLSearchParams(search).get('interactionId');
  const interaction = useInteractionDetails(interactionId);
  const localLoginSetting = useSetting(AccountSettingNames.EnableLocalLogin);
  const selfRegistrationSetting = useSetting(AccountSettingNames.IsSelfRegistrationEnabled);
  const title = t('AbpAccount::Login');
  const restarting = useExpiredSignInRestart(interactionId, interaction);
  const restartNotice = interactionId ? takeSignInRestartNotice(interactionId) : undefined;

  if (interaction.status === 'loading' || restarting) {
    return (
      <AccountCard title={title}>
        <LoadingIndicator />
      </AccountCard>
    );
  }
  if (interaction.status === 'failed' && couldNotAnswer(interaction.error)) {
    return (
      <AccountCard title={title}>
        <NotLoaded message={t('Vineta::PageNotLoaded')} onRetry={interaction.retry} />
      </AccountCard>
    );
  }
  if (interaction.status === 'failed') {
    return (
      <AccountCard title={title}>
        <div className="alert alert-warning" role="alert">
          <h2 className="alert-heading h6">{t('AbpAccount::InvalidLoginRequest')}</h2>
          <p className="mb-2">{t(signInErrorText(interaction.error))}</p>
          <Link to={accountPaths.login}>{t('AbpAccount::BackToLogin')}</Link>
        </div>
      </AccountCard>
    );
  }

  const details = interaction.status === 'ready' ? interaction.details : undefined;
  const localLogin = details?.enableLocalLogin ?? isEnabledUnlessFalse(localLoginSetting);
  const selfRegistration =
    details?.isSelfRegistrationEnabled ?? isEnabledUnlessFalse(selfRegistrationSetting);

  return (
    <AccountCard title={title}>
      {restartNotice && (
        <div className="alert alert-info" role="status">
          {t('::SignInRestarted')}
        </div>
      )}
      {localLogin && selfRegistration && (
        <p className="mb-3">
          {t('AbpAccount::AreYouANewUser')}{' '}
          <Link to={accountHref(accountPaths.register, search)}>{t('AbpAccount::Register')}</Link>
        </p>
      )}
      {localLogin ? (
        <LoginForm loginHint={details?.loginHint || restartNotice?.userName || ''} />
      ) : (
        <div className="alert alert-warning mb-0" role="alert">
          <h2 className="alert-heading h6">{t('AbpAccount::InvalidLoginRequest')}</h2>
          <p className="mb-0">{t('AbpAccount::ThereAreNoLoginSchemesConfiguredForThisClient')}</p>
        </div>
      )}
    </AccountCard>
  );
}
