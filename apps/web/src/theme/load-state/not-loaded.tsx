import type { MouseEvent } from 'react';
import { useLocalization } from '#src/core/localization/i18n';

/**
 * What a screen could not fetch, said where its content would be, with Try again: a spinner that
 * turned forever, or "No data available", read as if the content were still coming or empty. The
 * failure itself was told as it happened (the HTTP client's dialog); this is what stays.
 * `inline` for a line of text (a table's empty row), otherwise a centred block.
 */
export function NotLoaded({
  message,
  onRetry,
  inline = false,
}: {
  message: string;
  onRetry: () => void;
  inline?: boolean;
}) {
  const t = useLocalization();
  const retry = (event: MouseEvent<HTMLButtonElement>) => {
    // The button goes with this message as the loading starts: the page's main region keeps the
    // focus meanwhile, where it fell to the page's body. A table's row (inline) minds its own.
    if (!inline) event.currentTarget.closest<HTMLElement>('main')?.focus();
    onRetry();
  };
  const content = (
    <>
      {message}{' '}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={retry}>
        {t('Vineta::TryAgain')}
      </button>
    </>
  );
  return inline ? content : <p className="text-center text-muted py-5 mb-0">{content}</p>;
}
