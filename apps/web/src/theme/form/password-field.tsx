import { useId, useState } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  useController,
  useFormState,
} from 'react-hook-form';
import { FieldError, shouldShowError } from '#src/theme/form/field-error';
import { CapsLockWarning, useCapsLock } from './caps-lock';
import { PasswordToggle } from './password-toggle';

export interface PasswordFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Shown under the field (e.g. "leave empty to keep the password"). */
  hint?: string;
  /** A password the user has already (My account's current one): managers fill it in. */
  autoComplete?: 'new-password' | 'current-password';
}

/**
 * A password input with a show/hide toggle and a Caps Lock warning. No `maxlength`:
 * a longer password pasted from a manager would be cut silently and saved unlike its copy; the
 * 128-character rule says so instead, as on the sign-in page.
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  autoComplete = 'new-password',
}: PasswordFieldProps<T>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const { field, fieldState } = useController({ control, name });
  const { isSubmitted } = useFormState({ control });
  const invalid = shouldShowError(fieldState, isSubmitted);
  const capsLock = useCapsLock({ onBlur: field.onBlur });
  const describedBy = [
    invalid ? `${id}-error` : '',
    hint ? `${id}-hint` : '',
    capsLock.on ? `${id}-caps` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className={`input-group${invalid ? ' has-validation' : ''}`}>
        <input
          {...field}
          {...capsLock.handlers}
          value={field.value ?? ''}
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={describedBy || undefined}
        />
        <PasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} />
      </div>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <CapsLockWarning id={`${id}-caps`} on={capsLock.on} />
      <FieldError id={`${id}-error`} error={fieldState.error} visible={invalid} />
    </div>
  );
}
