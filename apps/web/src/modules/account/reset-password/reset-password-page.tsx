import { type ReactNode, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import { LoadingState } from '#src/theme/load-state/loading-state';
import { accountPaths } from '../account.paths';
import { useVerifyPasswordResetToken } from '../api/verify-password-reset-token';
import { AccountCard } from '../shared/account-card';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /account/reset-password?userId=…&resetToken=… (the e-mailed link; its `__tenant` selected the
 * tenant at start-up). Without either parameter it goes to sign-in. A link that no longer works
 * says so before the user types a new password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const resetToken = params.get('resetToken');
  if (!userId || !resetToken) return <Navigate to={accountPaths.login} replace />;
  return <ResetPasswordScreen userId={userId} resetToken={resetToken} />;
}

function ResetPasswordScreen({ userId, resetToken }: { userId: string; resetToken: string }) {
  const t = useLocalization();
  const verification = useVerifyPasswordResetToken({ userId, resetToken });
  const [done, setDone] = useState(false);
  const backToLogin = (
    <Link to={accountPaths.login} className="btn btn-primary w-100">
      {t('AbpAccount::BackToLogin')}
    </Link>
  );

  let content: ReactNode;
  if (done) {
    content = (
      <>
        <div className="alert alert-success" role="status">
          {t('AbpAccount::YourPasswordIsSuccessfullyReset')}
        </div>
        {backToLogin}
      </>
    );
  } else if (verification.isPending || verification.isError) {
    content = <LoadingState query={verification} />;
  } else if (verification.data !== true) {
    content = (
      <>
        <div className="alert alert-warning" role="alert">
          {t('AbpAccount::PasswordResetLinkExpired')}
        </div>
        <Link to={accountPaths.forgotPassword} className="btn btn-primary w-100 mb-3">
          {t('AbpAccount::ForgotPassword')}
        </Link>
        <Link to={accountPaths.login}>{t('AbpAccount::BackToLogin')}</Link>
      </>
    );
  } else {
    content = (
      <ResetPasswordForm userId={userId} resetToken={resetToken} onReset={() => setDone(true)} />
    );
  }
  return <AccountCard title={t('AbpAccount::ResetPassword')}>{content}</AccountCard>;
}
