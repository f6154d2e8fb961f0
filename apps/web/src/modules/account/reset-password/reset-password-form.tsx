import {
  createPasswordSchema,
  type PasswordRules,
} from '@vineta/contracts/identity/password-rules';
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { usePasswordRules } from '#src/core/app-configuration/use-password-rules';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '#src/theme/form/busy-button';
import { PasswordField } from '#src/theme/form/password-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useSingleSubmit } from '#src/theme/form/use-single-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { accountPaths } from '../account.paths';
import { useResetPassword } from '../api/reset-password';
import { requireMatchingPasswords } from '../shared/password-confirmation';
import { useFocusFirstField } from '../shared/use-focus-first-field';
import { useRevalidateTogether } from '../shared/use-revalidate-together';

/** SPEC.md section 5: both required with the password rules, and equal. */
function resetPasswordSchema(rules: PasswordRules) {
  const password = createPasswordSchema(rules);
  return requireMatchingPasswords(
    z.object({ password, confirmPassword: password }),
    'password',
    'confirmPassword',
  );
}
type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;

export interface ResetPasswordFormProps {
  userId: string;
  resetToken: string;
  onReset: () => void;
}

/** The new password twice; a second submit while one runs is ignored (SPEC.md section 4). */
export function ResetPasswordForm({ userId, resetToken, onReset }: ResetPasswordFormProps) {
  const t = useLocalization();
  const rules = usePasswordRules();
  const schema = useMemo(() => resetPasswordSchema(rules), [rules]);
  const reset = useResetPassword();
  const running = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  useFocusFirstField(formRef);
  const form = useForm<ResetPasswordValues>({
    resolver: zodFormResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onChange',
  });
  useRevalidateTogether(form, 'password', 'confirmPassword');

  const onValid = async ({ password }: ResetPasswordValues) => {
    if (running.current) return;
    running.current = true;
    try {
      await reset.mutateAsync({ userId, resetToken, password });
      onReset();
    } catch {
      // Shown by the global HTTP error handling ('Invalid token.' for a used link).
    } finally {
      running.current = false;
    }
  };

  const submit = useSingleSubmit(form.handleSubmit(onValid));
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <p>{t('AbpAccount::ResetPassword_Information')}</p>
      <PasswordField control={form.control} name="password" label={t('AbpAccount::Password')} />
      <PasswordField
        control={form.control}
        name="confirmPassword"
        label={t('AbpAccount::ConfirmPassword')}
      />
      <div className="d-flex justify-content-end gap-2">
        <Link to={accountPaths.login} className="btn btn-secondary">
          {t('AbpAccount::Cancel')}
        </Link>
        <BusyButton busy={reset.isPending}>{t('AbpAccount::Submit')}</BusyButton>
      </div>
    </form>
  );
}
