import { useId, useLayoutEffect, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { useStore } from '#src/core/store';
import { useFocusTrap } from '../modal/use-focus-trap';
import { type Confirmation, confirmationStore } from './confirmation';

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
  if (!current) return null;
  // Keyed: a confirmation that replaces another is a new dialog, focused afresh.
  return <ConfirmationCard key={current.id} current={current} />;
}

function ConfirmationCard({ current }: { current: Confirmation }) {
  const localize = useLocalization();
  const titleId = useId();
  const messageId = useId();
  const yesButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);

  // The safe answer has focus first, so that Enter or Space on arrival does not delete anything;
  // Tab stays within the card, which sits above any modal; closing gives focus back.
  useFocusTrap(card, true, () => cancelButton.current ?? yesButton.current);

  // At commit, as the modal's focus trap: the card has Escape from the moment it is on the screen,
  // however the update that shows it was scheduled.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current.options.dismissible !== false) {
        event.stopPropagation();
        current.resolve('dismiss');
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [current]);

  const { options, severity } = current;
  return (
    <div className="app-confirmation-backdrop">
      <div
        className={`app-confirmation app-confirmation-${severity}`}
        role="alertdialog"
        aria-modal="true"
        tabIndex={-1}
        ref={card}
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
              className={`btn btn-sm ${options.destructive ? 'btn-danger' : 'btn-primary'}`}
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
