import { LoginLimits } from '@vineta/contracts/identity/identity.limits';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { compose, required, stringLength, type Validator } from '#src/theme/form/validators';

export interface LoginFormValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

export type LoginField = 'username' | 'password';

/**
 * SPEC.md section 5 with the contracts' `LoginParams` limits: user name or e-mail ≤ 255,
 * password ≤ 128, both required. The theme's validators give the same AbpValidation messages as
 * the zod resolver of the other forms.
 */
const validators: Record<LoginField, Validator> = {
  username: compose(required(), stringLength({ max: LoginLimits.maxUserNameOrEmailLength })),
  password: compose(required(), stringLength({ max: LoginLimits.maxPasswordLength })),
};
const fields: LoginField[] = ['username', 'password'];

export interface LoginFieldState {
  value: string;
  /** The encoded validation message, shown once the field is dirty or after a submit attempt. */
  error: string | undefined;
  showError: boolean;
}

/**
 * The sign-in form's state without a form library: the sign-in page is the first download of
 * most visits and must stay within the bundle budget (docs/decisions/005-account-screens.md).
 * Same behaviour as the other forms: errors once dirty, every field marked by a submit attempt,
 * an invalid form blocks the submit, a submit while one runs is ignored.
 */
export function useLoginForm(initialUserName: string) {
  const [values, setValues] = useState<LoginFormValues>({
    username: initialUserName,
    password: '',
    rememberMe: false,
  });
  const [dirty, setDirty] = useState<Record<LoginField, boolean>>({
    username: false,
    password: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const inputs = useRef(new Map<LoginField, HTMLInputElement>());

  const field = (name: LoginField): LoginFieldState => {
    const error = validators[name](values[name]);
    return { value: values[name], error, showError: Boolean(error) && (dirty[name] || submitted) };
  };

  const setValue = useCallback((name: LoginField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const setRememberMe = useCallback(
    (rememberMe: boolean) => setValues((current) => ({ ...current, rememberMe })),
    [],
  );

  const inputRef = useCallback(
    (name: LoginField) => (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    [],
  );

  const handleSubmit =
    (onValid: (values: LoginFormValues) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (running.current) return;
      const invalid = fields.find((name) => validators[name](values[name]));
      if (invalid) {
        inputs.current.get(invalid)?.focus();
        return;
      }
      running.current = true;
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    };

  return { values, field, setValue, setRememberMe, inputRef, handleSubmit, submitting };
}
