import { SendPasswordResetCodeDto } from '@vineta/contracts/account/password-reset';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '#src/theme/form/busy-button';
import { TextField } from '#src/theme/form/text-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useSingleSubmit } from '#src/theme/form/use-single-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { accountHref, accountPaths } from '../account.paths';
import { useSendPasswordResetCode } from '../api/send-password-reset-code';
import { AccountCard } from '../shared/account-card';
import { useFocusFirstField } from '../shared/use-focus-first-field';

const forgotPasswordSchema = SendPasswordResetCodeDto.pick({ email: true });
type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /account/forgot-password: the e-mail form, then the confirmation (SPEC.md section 4). */
export function ForgotPasswordPage() {
  const t = useLocalization();
  const { search } = useLocation();
  const sending = useSendPasswordResetCode();
  const loginHref = accountHref(accountPaths.login, search);
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  useFocusFirstField(formRef);
  const { control, handleSubmit, formState } = useForm<ForgotPasswordValues>({
    resolver: zodFormResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onChange',
  });

  const onValid = async (values: ForgotPasswordValues) => {
    if (sending.isPending) return;
    // A failure is shown by the global HTTP error handling; the form stays.
    await sending.mutateAsync(values).catch(() => undefined);
  };

  const submit = useSingleSubmit(handleSubmit(onValid));
  return (
    <AccountCard title={t('AbpAccount::ForgotPassword')}>
      {sending.isSuccess ? (
        <>
          {/* Focus goes to the message: the form that held it is gone, and it fell to the page. */}
          <div className="alert alert-success" role="status" tabIndex={-1} ref={focusOnMount}>
            {t('AbpAccount::PasswordResetMailSentMessage')}
          </div>
          <Link to={loginHref} className="btn btn-primary w-100">
            {t('AbpAccount::BackToLogin')}
          </Link>
        </>
      ) : (
        <form ref={formRef} noValidate onSubmit={submit}>
          <p>{t('AbpAccount::SendPasswordResetLink_Information')}</p>
          <TextField
            control={control}
            name="email"
            type="email"
            label={t('AbpAccount::EmailAddress')}
            autoComplete="email"
          />
          <BusyButton
            className="btn btn-primary w-100 mb-3"
            busy={sending.isPending}
            disabled={!formState.isValid}
          >
            {t('AbpAccount::Submit')}
          </BusyButton>
          <Link to={loginHref}>{t('AbpAccount::BackToLogin')}</Link>
        </form>
      )}
    </AccountCard>
  );
}
