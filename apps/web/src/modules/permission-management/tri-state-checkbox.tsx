import { type InputHTMLAttributes, useLayoutEffect, useRef } from 'react';

/** A checkbox whose third (indeterminate) state can only be set from script. */
export function TriStateCheckbox({
  indeterminate,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-checked={indeterminate ? 'mixed' : undefined}
      {...input}
    />
  );
}
