import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '#src/theme/form/busy-button';
import { CapsLockWarning, useCapsLock } from '#src/theme/form/caps-lock';
import { localizeValidation } from '#src/theme/form/field-error';
import { PasswordToggle } from '#src/theme/form/password-toggle';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useErrorToast } from '#src/theme/toast/use-error-toast';
import { accountHref, accountPaths } from '../account.paths';
import { signInErrorText } from '../shared/sign-in-error';
import { useSignIn } from '../shared/use-sign-in';
import { type LoginField, type LoginFieldState, useLoginForm } from './use-login-form';

interface LoginInputProps {
  name: LoginField;
  label: string;
  type: 'text' | 'password';
  autoComplete: string;
  state: LoginFieldState;
  onChange: (name: LoginField, value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}

/** The markup of the theme's TextField: label, `is-invalid` input and its message. */
function LoginInput({
  name,
  label,
  type,
  autoComplete,
  state,
  onChange,
  inputRef,
}: LoginInputProps) {
  const t = useLocalization();
  const id = useId();
  const password = type === 'password';
  const [shown, setShown] = useState(false);
  const capsLock = useCapsLock();
  const describedBy = [password && capsLock.on && `${id}-caps`, state.showError && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const input = (
    <input
      {...(password ? capsLock.handlers : {})}
      ref={inputRef}
      id={id}
      name={name}
      type={password && shown ? 'text' : type}
      autoComplete={autoComplete}
      className={`form-control${state.showError ? ' is-invalid' : ''}`}
      value={state.value}
      onChange={(event) => onChange(name, event.target.value)}
      aria-invalid={state.showError}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {password ? (
        <div className={`input-group${state.showError ? ' has-validation' : ''}`}>
          {input}
          <PasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} />
        </div>
      ) : (
        input
      )}
      {password && <CapsLockWarning id={`${id}-caps`} on={capsLock.on} />}
      {state.showError && state.error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {localizeValidation(state.error, t, document.documentElement.lang || undefined)}
        </div>
      )}
    </div>
  );
}

export interface LoginFormProps {
  /** The user name the client suggested (`login_hint` of a code-flow interaction). */
  loginHint?: string;
}

/** The sign-in form; a failure is an error toast for 7000 ms and ends the loading state. */
export function LoginForm({ loginHint = '' }: LoginFormProps) {
  const t = useLocalization();
  const { search } = useLocation();
  const signIn = useSignIn();
  const rememberId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  const form = useLoginForm(loginHint);
  const focusFirst = useRef(loginHint ? 'password' : 'username');

  // At commit, as every account form (useFocusFirstField): a name typed as the page shows is kept.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>(`[name="${focusFirst.current}"]`)?.focus();
  }, []);

  const errorToast = useErrorToast();

  const onValid = async (values: Parameters<typeof signIn>[0]) => {
    errorToast.clear();
    try {
      await signIn(values);
    } catch (error) {
      errorToast.show(signInErrorText(error), 'AbpUi::Error', { life: 7000 });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onValid)}>
      <LoginInput
        name="username"
        type="text"
        label={t('AbpAccount::UserNameOrEmailAddress')}
        autoComplete="username"
        state={form.field('username')}
        onChange={form.setValue}
        inputRef={form.inputRef('username')}
      />
      <LoginInput
        name="password"
        type="password"
        label={t('AbpAccount::Password')}
        autoComplete="current-password"
        state={form.field('password')}
        onChange={form.setValue}
        inputRef={form.inputRef('password')}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="form-check mb-0">
          <input
            id={rememberId}
            name="rememberMe"
            type="checkbox"
            className="form-check-input"
            checked={form.values.rememberMe}
            onChange={(event) => form.setRememberMe(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={rememberId}>
            {t('AbpAccount::RememberMe')}
          </label>
        </div>
        <Link to={accountHref(accountPaths.forgotPassword, search)}>
          {t('AbpAccount::ForgotPassword')}
        </Link>
      </div>
      <BusyButton className="btn btn-primary btn-lg w-100" busy={form.submitting}>
        {t('AbpAccount::Login')}
      </BusyButton>
    </form>
  );
}
