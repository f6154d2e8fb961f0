import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';

/** Options that could not be fetched: what to say, and how to ask again. */
export interface FilterNotLoaded {
  message: string;
  onRetry: () => void;
}

/**
 * One of a list's filters beside its search (ListCard's `filters`): its name, then a select of
 * `children` options. The caller must never give a `value` that no option has: under Preact the
 * select would show nothing, and go on showing nothing once the value is '' again.
 * `notLoaded`: its options could not be fetched. The select stays shut, described by the message,
 * with Try again beside it, where it was disabled for good with no word of why.
 */
export function ListFilter({
  label,
  value,
  onChange,
  disabled,
  notLoaded,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  notLoaded?: FilterNotLoaded | undefined;
  children: ReactNode;
}) {
  const t = useLocalization();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const retried = useRef(false);
  const failed = notLoaded !== undefined;
  const usable = !disabled && !failed;

  // Try again goes once the options come: the select it stood for takes the focus it had.
  useLayoutEffect(() => {
    if (!usable || !retried.current) return;
    retried.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) select.current?.focus();
  }, [usable]);

  return (
    <div className={`app-list-filter${failed ? ' app-list-filter-not-loaded' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        ref={select}
        className="form-select"
        value={value}
        disabled={!usable}
        aria-describedby={failed ? `${id}-not-loaded` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {notLoaded && (
        <>
          <span id={`${id}-not-loaded`} className="visually-hidden">
            {notLoaded.message}
          </span>
          <button
            type="button"
            className="btn btn-link p-0"
            title={notLoaded.message}
            aria-describedby={`${id}-not-loaded`}
            onClick={() => {
              retried.current = true;
              notLoaded.onRetry();
            }}
          >
            {t('Vineta::TryAgain')}
          </button>
        </>
      )}
    </div>
  );
}
