import { useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@vineta/contracts/account/profile';
import { requiredString } from '@vineta/contracts/common/fields';
import { IdentityUserLimits } from '@vineta/contracts/identity/identity.limits';
import {
  createPasswordSchema,
  identityErrorCodePrefix,
  identityPasswordErrorCodes,
  type PasswordRules,
} from '@vineta/contracts/identity/password-rules';
import { useMemo, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePasswordRules } from '#src/core/app-configuration/use-password-rules';
import { reportHttpError } from '#src/core/http/http';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { applyValidationErrors, codesUnder } from '#src/theme/form/apply-validation-errors';
import { BusyButton } from '#src/theme/form/busy-button';
import { GuardUnsavedChanges } from '#src/theme/form/guard-unsaved-changes';
import { PasswordField } from '#src/theme/form/password-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useSingleSubmit } from '#src/theme/form/use-single-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { toaster } from '#src/theme/toast/toaster';
import { useErrorToast } from '#src/theme/toast/use-error-toast';
import { useChangePassword } from '../api/change-password';
import { myProfileQueryKey } from '../api/get-my-profile';
import { requireMatchingPasswords } from '../shared/password-confirmation';
import { useRevalidateTogether } from '../shared/use-revalidate-together';

interface ChangePasswordValues {
  currentPassword?: string;
  newPassword: string;
  newPasswordConfirm: string;
}

const fields = ['currentPassword', 'newPassword', 'newPasswordConfirm'] as const;
/** A wrong current password and a new one the rules refuse go under their fields too. */
const codeFields = {
  [`${identityErrorCodePrefix}PasswordMismatch`]: 'currentPassword',
  ...codesUnder(identityPasswordErrorCodes, 'newPassword'),
};

/** The current password only when the user has one (SPEC.md section 4). */
function changePasswordSchema(rules: PasswordRules, hasPassword: boolean) {
  const newPassword = createPasswordSchema(rules);
  return requireMatchingPasswords(
    z.object({
      ...(hasPassword
        ? { currentPassword: requiredString(IdentityUserLimits.maxPasswordLength) }
        : {}),
      newPassword,
      newPasswordConfirm: newPassword,
    }),
    'newPassword',
    'newPasswordConfirm',
  );
}

/** The server's message for what it refused; anything else goes to the global handling. */
function failureText(error: unknown): string | undefined {
  if (!(error instanceof RestError) || error.status === 401 || error.status >= 500) {
    if (error instanceof RestError) reportHttpError(error);
    return undefined;
  }
  return error.remoteError?.message ?? 'AbpAccount::DefaultErrorMessage';
}

export interface ChangePasswordFormProps {
  profile: ProfileDto;
  userId: string | null;
}

/**
 * Change password. After a change the form is reset; a user who had no password now has one,
 * so the stored profile says so and the current-password field comes back, required.
 */
export function ChangePasswordForm({ profile, userId }: ChangePasswordFormProps) {
  const t = useLocalization();
  const queryClient = useQueryClient();
  const rules = usePasswordRules();
  const { hasPassword } = profile;
  const resolver = useMemo(
    () =>
      zodFormResolver(
        changePasswordSchema(rules, hasPassword) as unknown as z.ZodType<ChangePasswordValues>,
      ) as Resolver<ChangePasswordValues>,
    [rules, hasPassword],
  );
  const changing = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  const form = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: {
      ...(hasPassword ? { currentPassword: '' } : {}),
      newPassword: '',
      newPasswordConfirm: '',
    },
    mode: 'onChange',
  });
  useRevalidateTogether(form, 'newPassword', 'newPasswordConfirm');
  const errorToast = useErrorToast();

  const onValid = async (values: ChangePasswordValues) => {
    if (changing.isPending) return;
    errorToast.clear();
    try {
      await changing.mutateAsync({
        ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
        newPassword: values.newPassword,
      });
    } catch (error) {
      const message = failureText(error);
      if (message) errorToast.show(message, 'AbpUi::Error', { life: 7000 });
      if (message && error instanceof RestError) {
        applyValidationErrors(error.remoteError, form.setError, fields, codeFields);
      }
      return;
    }
    toaster.success('AbpAccount::PasswordChangedMessage', undefined, { life: 5000 });
    form.reset();
    if (!hasPassword) {
      queryClient.setQueryData<ProfileDto>(myProfileQueryKey(userId), (stored) =>
        stored ? { ...stored, hasPassword: true } : stored,
      );
    }
  };

  const submit = useSingleSubmit(form.handleSubmit(onValid));
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <GuardUnsavedChanges dirty={form.formState.isDirty} />
      {hasPassword && (
        <PasswordField
          control={form.control}
          name="currentPassword"
          label={t('AbpAccount::DisplayName:CurrentPassword')}
          autoComplete="current-password"
        />
      )}
      <PasswordField
        control={form.control}
        name="newPassword"
        label={t('AbpAccount::DisplayName:NewPassword')}
      />
      <PasswordField
        control={form.control}
        name="newPasswordConfirm"
        label={t('AbpAccount::DisplayName:NewPasswordConfirm')}
      />
      <BusyButton busy={changing.isPending} disabled={!form.formState.isValid}>
        {t('AbpAccount::Save')}
      </BusyButton>
    </form>
  );
}
