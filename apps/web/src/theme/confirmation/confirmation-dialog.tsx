import { useEffect, useId, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { useStore } from '#src/core/store';
import { confirmationStore } from './confirmation';

const severityIcons: Record<string, string> = {
  info: 'i',
  success: '✓',
  warning: '!',
  error: '×',
  neutral: '?',
};

/** The centred 450 px confirmation card; Escape dismisses unless the options say otherwise. */
export function ConfirmationDialog() {
  const current = useStore(confirmationStore);
  const localize = useLocalization();
  const titleId = useId();
  const messageId = useId();
  const yesButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!current) return;
    (yesButton.current ?? cancelButton.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current.options.dismissible !== false) {
        event.stopPropagation();
        current.resolve('dismiss');
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [current]);

  if (!current) return null;
  const { options, severity } = current;
  return (
    <div className="app-confirmation-backdrop">
      <div
        className={`app-confirmation app-confirmation-${severity}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={current.title !== undefined ? titleId : messageId}
        aria-describedby={messageId}
      >
        <div className="app-confirmation-icon" aria-hidden="true">
          {severityIcons[severity]}
        </div>
        {current.title !== undefined && (
          <h2 className="h5 app-confirmation-title" id={titleId}>
            {localize(current.title, ...(options.titleLocalizationParams ?? []))}
          </h2>
        )}
        <p className="app-confirmation-message" id={messageId}>
          {localize(current.message, ...(options.messageLocalizationParams ?? []))}
        </p>
        <div className="app-confirmation-footer">
          {!options.hideCancelBtn && (
            <button
              ref={cancelButton}
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => current.resolve('reject')}
            >
              {localize(options.cancelText ?? { key: 'AbpUi::Cancel', defaultValue: 'Cancel' })}
            </button>
          )}
          {!options.hideYesBtn && (
            <button
              ref={yesButton}
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => current.resolve('confirm')}
            >
              {localize(options.yesText ?? { key: 'AbpUi::Yes', defaultValue: 'Yes' })}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
