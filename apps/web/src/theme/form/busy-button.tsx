import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and blocks the button (ABP's `abp-button` loading state). */
  busy?: boolean;
}

/**
 * A submit button with a loading state; `className` defaults to `btn btn-primary`. While busy it
 * is marked disabled (`aria-disabled`, Bootstrap's `.disabled`) but not `disabled`: a `disabled`
 * button drops focus to the page's body, so a keyboard user who pressed Save, or Sign in with a
 * wrong password, would have to find the way back into the form or the dialog.
 */
export function BusyButton({
  busy = false,
  disabled,
  className = 'btn btn-primary',
  onClick,
  children,
  ...button
}: BusyButtonProps) {
  const blocked = busy && !disabled;
  // A click while busy (Enter in a field clicks the form's submit button too) submits nothing.
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      type="submit"
      {...button}
      className={blocked ? `${className} disabled` : className}
      disabled={disabled}
      aria-disabled={blocked || undefined}
      aria-busy={busy || undefined}
      onClick={click}
    >
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
