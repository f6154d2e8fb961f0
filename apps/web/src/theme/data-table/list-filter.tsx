import { type ReactNode, useId } from 'react';

/**
 * One of a list's filters beside its search (ListCard's `filters`): its name, then a select of
 * `children` options. The caller must never give a `value` that no option has: under Preact the
 * select would show nothing, and go on showing nothing once the value is '' again.
 */
export function ListFilter({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="app-list-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="form-select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
