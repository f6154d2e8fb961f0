import { type InputHTMLAttributes, useId } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  useController,
  useFormState,
} from 'react-hook-form';
import { CapsLockWarning, useCapsLock } from './caps-lock';
import { FieldError, shouldShowError } from './field-error';

export interface TextFieldProps<T extends FieldValues>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue' | 'value'> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** A help text under the input, read out with it. */
  hint?: string | undefined;
}

/**
 * A labelled Bootstrap input bound to react-hook-form: `is-invalid` and the message appear once
 * the field is dirty (or touched) or after a submit attempt.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  className,
  ...input
}: TextFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const { isSubmitted } = useFormState({ control });
  const invalid = shouldShowError(fieldState, isSubmitted);
  const password = input.type === 'password';
  const capsLock = useCapsLock({
    onKeyDown: input.onKeyDown,
    onKeyUp: input.onKeyUp,
    onBlur: field.onBlur,
  });
  const describedBy = [
    input['aria-describedby'],
    hint && `${id}-hint`,
    password && capsLock.on && `${id}-caps`,
    invalid && `${id}-error`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        {...field}
        {...(password ? capsLock.handlers : {})}
        // `field.disabled` is react-hook-form's (the form's `disabled` option); spread after the
        // caller's props it would decide alone. Either one disables the input.
        disabled={Boolean(input.disabled || field.disabled)}
        value={field.value ?? ''}
        id={id}
        className={`form-control${invalid ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {password && <CapsLockWarning id={`${id}-caps`} on={capsLock.on} />}
      <FieldError id={`${id}-error`} error={fieldState.error} visible={invalid} />
    </div>
  );
}
