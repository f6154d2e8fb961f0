import { useEffect, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { useStore } from '#src/core/store';
import { type Toast, toaster, toastStore } from './toaster';
import { useClearOfFocus } from './use-clear-of-focus';

function ToastItem({ toast }: { toast: Toast }) {
  const localize = useLocalization();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = () => {
    if (toast.sticky) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => toaster.remove(toast.id), toast.life);
  };
  const pause = () => clearTimeout(timer.current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once per toast
  useEffect(() => {
    start();
    return pause;
  }, []);

  // The toast waits while it is pointed at or holds focus, and then gets its whole life again:
  // a message is not taken away from someone still reading it (WCAG 2.2.1).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a live region (alert or status); the handlers only hold its timer
    <div
      className={`app-toast app-toast-${toast.severity}`}
      role={toast.severity === 'error' ? 'alert' : 'status'}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <div className="app-toast-body">
        {toast.title !== undefined && (
          <div className="app-toast-title">
            {localize(toast.title, ...toast.titleLocalizationParams)}
          </div>
        )}
        <div className="app-toast-message">
          {localize(toast.message, ...toast.messageLocalizationParams)}
        </div>
      </div>
      {toast.closable && (
        <button
          type="button"
          className="btn-close btn-close-sm"
          aria-label={localize({ key: 'AbpUi::Close', defaultValue: 'Close' })}
          onClick={() => toaster.remove(toast.id)}
        />
      )}
    </div>
  );
}

/**
 * Fixed 30 px from the top end corner (top left in RTL), 350 px wide, above modals and their
 * backdrops: at the bottom it hid a modal's Save and Cancel. It goes to the bottom edge while the
 * focused control is under it (use-clear-of-focus.ts). The live region is always in the document,
 * so a toast added to it is announced (errors at once, as alerts).
 */
export function ToastContainer() {
  const toasts = useStore(toastStore);
  const container = useRef<HTMLDivElement>(null);
  const bottom = useClearOfFocus(container, toasts);
  return (
    <div
      ref={container}
      className={`app-toast-container${bottom ? ' app-toast-container-bottom' : ''}`}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
