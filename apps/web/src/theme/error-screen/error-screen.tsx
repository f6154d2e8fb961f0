import { useId, useLayoutEffect, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import type { TextSource } from '#src/core/localization/localizable';
import { useDocumentTitle } from '#src/core/routing/document-title';

export interface ErrorScreenProps {
  status: number;
  title: TextSource;
  details: TextSource;
  /** False hides the Home link (network failures). */
  isHomeShow?: boolean;
  hideCloseIcon?: boolean;
  /** Where the link goes and what it says; Home by default. */
  link?: { text: TextSource; href: string; onClick: () => void };
  onClose?: () => void;
  onHome?: () => void;
}

/** The full-screen error page: status, title, details, Home link; Escape closes. */
export function ErrorScreen({
  status,
  title,
  details,
  isHomeShow = true,
  hideCloseIcon = false,
  link,
  onClose,
  onHome,
}: ErrorScreenProps) {
  const localize = useLocalization();
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);
  useDocumentTitle(localize(title));

  // At commit: the screen usually follows a reply, and shows before passive effects run.
  useLayoutEffect(() => {
    container.current?.focus();
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const action =
    link ??
    (onHome
      ? { text: { key: '::Menu:Home', defaultValue: 'Home' }, href: '/', onClick: onHome }
      : undefined);
  return (
    <div
      className="app-error-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      ref={container}
    >
      {!hideCloseIcon && onClose && (
        <button
          type="button"
          className="btn-close app-error-screen-close"
          aria-label={localize({ key: 'AbpUi::Close', defaultValue: 'Close' })}
          onClick={onClose}
        />
      )}
      <main className="app-error-screen-body">
        {status > 0 && <p className="app-error-screen-status">{status}</p>}
        <h1 className="h3" id={titleId}>
          {localize(title)}
        </h1>
        <p className="app-error-screen-details">{localize(details)}</p>
        {/* A link, as it leads somewhere (SPEC.md section 9's Home link): it reads as one, and
            opens in a new tab on a modified click; a plain click goes the app's way. */}
        {isHomeShow && action && (
          <a
            className="btn btn-primary"
            href={action.href}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              action.onClick();
            }}
          >
            {localize(action.text)}
          </a>
        )}
      </main>
    </div>
  );
}
