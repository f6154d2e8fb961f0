import { useCallback, useEffect, useRef } from 'react';
import type { TextSource } from '#src/core/localization/localizable';
import { type ToastOptions, toaster } from './toaster';

/**
 * A form's own error toast: showing one closes the form's previous one, and so does `clear`,
 * which a form calls when it submits again. A failed sign-in's toast then does not ride along to
 * the home page after the corrected retry succeeds (it lasts 7 s), and failures in a row do not
 * pile up. The toast is closed with the form, too: it spoke of that form.
 */
export function useErrorToast() {
  const shown = useRef<number | undefined>(undefined);
  const clear = useCallback(() => {
    if (shown.current !== undefined) toaster.remove(shown.current);
    shown.current = undefined;
  }, []);
  const show = useCallback(
    (message: TextSource, title?: TextSource, options?: ToastOptions) => {
      clear();
      shown.current = toaster.error(message, title, options);
    },
    [clear],
  );
  useEffect(() => clear, [clear]);
  return { show, clear };
}
