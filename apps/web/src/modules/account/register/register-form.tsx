import { RegisterDto } from '@vineta/contracts/account/register';
import { requiredString } from '@vineta/contracts/common/fields';
import { LoginLimits } from '@vineta/contracts/identity/identity.limits';
import {
  createPasswordSchema,
  identityUserErrorFields,
  type PasswordRules,
} from '@vineta/contracts/identity/password-rules';
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePasswordRules } from '#src/core/app-configuration/use-password-rules';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { applyValidationErrors } from '#src/theme/form/apply-validation-errors';
import { BusyButton } from '#src/theme/form/busy-button';
import { PasswordField } from '#src/theme/form/password-field';
import { TextField } from '#src/theme/form/text-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useSingleSubmit } from '#src/theme/form/use-single-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { useErrorToast } from '#src/theme/toast/use-error-toast';
import { useRegister } from '../api/register';
import { signInErrorText } from '../shared/sign-in-error';
import { useFocusFirstField } from '../shared/use-focus-first-field';
import { useSignIn } from '../shared/use-sign-in';

/** SPEC.md section 5: user name ≤ 255, a valid e-mail, the server's password rules. */
function registerFormSchema(rules: PasswordRules) {
  return z.object({
    userName: requiredString(LoginLimits.maxUserNameOrEmailLength),
    emailAddress: RegisterDto.shape.emailAddress,
    password: createPasswordSchema(rules),
  });
}
type RegisterFormValues = z.infer<ReturnType<typeof registerFormSchema>>;
const fields = ['userName', 'emailAddress', 'password'] as const;
/** The identity errors a registration meets, under the field they are about. */
const codeFields = identityUserErrorFields({
  userName: 'userName',
  email: 'emailAddress',
  password: 'password',
});

/** Registers, then signs in with the same credentials (SPEC.md section 4). */
export function RegisterForm() {
  const t = useLocalization();
  const rules = usePasswordRules();
  const schema = useMemo(() => registerFormSchema(rules), [rules]);
  const registration = useRegister();
  const signIn = useSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  useFocusFirstField(formRef);
  const { control, handleSubmit, setError, formState } = useForm<RegisterFormValues>({
    resolver: zodFormResolver(schema),
    defaultValues: { userName: '', emailAddress: '', password: '' },
    mode: 'onChange',
  });

  const errorToast = useErrorToast();

  const onValid = async (values: RegisterFormValues) => {
    errorToast.clear();
    try {
      await registration.mutateAsync(values);
      await signIn({ username: values.userName, password: values.password });
    } catch (error) {
      if (error instanceof RestError)
        applyValidationErrors(error.remoteError, setError, fields, codeFields);
      errorToast.show(signInErrorText(error), 'AbpUi::Error', { life: 7000 });
    }
  };

  const submit = useSingleSubmit(handleSubmit(onValid));
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <TextField
        control={control}
        name="userName"
        label={t('AbpAccount::UserName')}
        autoComplete="username"
      />
      <TextField
        control={control}
        name="emailAddress"
        type="email"
        label={t('AbpAccount::EmailAddress')}
        autoComplete="email"
      />
      <PasswordField control={control} name="password" label={t('AbpAccount::Password')} />
      <BusyButton className="btn btn-primary btn-lg w-100" busy={formState.isSubmitting}>
        {t('AbpAccount::Register')}
      </BusyButton>
    </form>
  );
}
