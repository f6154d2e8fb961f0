import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { useLocalization } from '#src/core/localization/i18n';

interface KeyHandlers {
  onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;
  onKeyUp?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
}

/**
 * Whether Caps Lock is on while the user types a password, as the keys they press report it (a
 * browser tells nothing before the first key); forgotten when they leave the field. A password
 * typed in capitals fails, and enough failures lock the account. The input's own handlers (react-
 * hook-form's `onBlur`, which marks the field touched) still run.
 */
export function useCapsLock(own: KeyHandlers = {}) {
  const [on, setOn] = useState(false);
  const track = (event: KeyboardEvent<HTMLInputElement>) =>
    setOn(event.getModifierState('CapsLock'));
  return {
    on,
    handlers: {
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        track(event);
        own.onKeyDown?.(event);
      },
      onKeyUp: (event: KeyboardEvent<HTMLInputElement>) => {
        track(event);
        own.onKeyUp?.(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        setOn(false);
        own.onBlur?.(event);
      },
    },
  };
}

/** The warning under a password field; a live region, so a screen reader says it when it shows. */
export function CapsLockWarning({ id, on }: { id: string; on: boolean }) {
  const t = useLocalization();
  return (
    <div id={id} role="status" className={on ? 'form-text app-caps-lock' : undefined}>
      {on ? t({ key: 'Vineta::CapsLockOn', defaultValue: 'Caps Lock is on.' }) : ''}
    </div>
  );
}
