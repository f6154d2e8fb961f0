import type { ButtonHTMLAttributes } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and disables the button (ABP's `abp-button` loading state). */
  busy?: boolean;
}

/** A submit button with a loading state; `className` defaults to `btn btn-primary`. */
export function BusyButton({
  busy = false,
  disabled,
  className = 'btn btn-primary',
  children,
  ...button
}: BusyButtonProps) {
  return (
    <button
      type="submit"
      {...button}
      className={className}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
