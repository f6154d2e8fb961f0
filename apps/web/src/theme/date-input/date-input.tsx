import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useCurrentCulture } from '#src/core/app-configuration/app-configuration-store';
import { defaultShortDatePattern } from '#src/core/localization/format';
import { useLocalization } from '#src/core/localization/i18n';
import { Icon } from '#src/theme/icons/icon';
import { formatDay, isNoSuchDay, mayBeUnfinished, parseDay, patternHint } from './day-text';
import './date-input.css';

const DateCalendar = lazy(() =>
  import('./date-calendar').then((module) => ({ default: module.DateCalendar })),
);

export interface DateInputProps {
  /** The field's id, for its label's `htmlFor`. */
  id?: string;
  /** The day, `yyyy-MM-dd`, or '' for none. */
  value: string;
  /**
   * The field's name, which the calendar button's name carries too: two date fields (From, To)
   * otherwise offer two buttons a screen reader names alike.
   */
  label?: string;
  /** Called with a day, or '' when the field is emptied; never with text that is not a day. */
  onChange: (day: string) => void;
}

/**
 * A day typed in the app's culture (`dd/MM/yyyy` in es-MX, `M/d/yyyy` in English), or picked from
 * a calendar in its words. The browser's own date field writes the browser's language instead,
 * so an es-MX page in an English browser showed mm/dd/yyyy beside tables in dd/mm/yyyy. Text that
 * is not a day is marked when the field is left, with the pattern to follow, and changes nothing.
 */
export function DateInput({ id: givenId, value, label, onChange }: DateInputProps) {
  const t = useLocalization();
  const ownId = useId();
  const id = givenId ?? ownId;
  const culture = useCurrentCulture();
  const cultureName = culture?.cultureName ?? 'es-MX';
  const pattern = culture?.dateTimeFormat.shortDatePattern ?? defaultShortDatePattern;
  const [text, setText] = useState(() => formatDay(value, pattern, cultureName));
  const [invalid, setInvalid] = useState<false | 'pattern' | 'no-such-day'>(false);
  const [open, setOpen] = useState(false);
  const choose = label
    ? `${t('Vineta::DateField:Choose')}: ${label}`
    : t('Vineta::DateField:Choose');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const shown = useRef(text);
  shown.current = text;
  // A day set from outside, or a new culture, is written again; what is being typed is left alone.
  useEffect(() => {
    if (parseDay(shown.current, pattern) === value) return;
    setText(formatDay(value, pattern, cultureName));
    setInvalid(false);
  }, [value, pattern, cultureName]);

  // The calendar closes on Escape (back to its button, below), on a press anywhere else, and
  // when focus leaves it and its field (Tab past its last control).
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    const closeOutside = (event: Event) => {
      const to = event instanceof FocusEvent ? event.relatedTarget : event.target;
      if (to instanceof Node && !element.contains(to)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    element.addEventListener('focusout', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      element.removeEventListener('focusout', closeOutside);
    };
  }, [open]);

  const hint = patternHint(pattern, {
    day: t('Vineta::DateField:Day'),
    month: t('Vineta::DateField:Month'),
    year: t('Vineta::DateField:Year'),
  });
  const errorId = `${id}-error`;
  // The error's sentence around its pattern, which is set apart below.
  const [beforeHint, afterHint = ''] = t('Vineta::DateField:Invalid', '\0').split('\0');

  const apply = (day: string) => {
    setInvalid(false);
    if (day !== value) onChange(day);
  };
  const type = (next: string) => {
    setText(next);
    const day = parseDay(next, pattern);
    // A text that may still grow into another day is taken when the field is left: a search for
    // 2020 on the way to 2026 would flash the wrong rows.
    if (day !== null && !mayBeUnfinished(next, pattern)) apply(day);
  };
  const leave = () => {
    const day = parseDay(text, pattern);
    if (day === null) {
      setInvalid(isNoSuchDay(text, pattern) ? 'no-such-day' : 'pattern');
      return;
    }
    apply(day);
    if (day) setText(formatDay(day, pattern, cultureName));
  };
  const pick = (day: string) => {
    setOpen(false);
    setText(formatDay(day, pattern, cultureName));
    apply(day);
    input.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the calendar closes it
    <div
      ref={root}
      className="input-group app-date-input"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        placeholder={hint}
        // A date in any script is still written and read left to right.
        dir="ltr"
        value={text}
        aria-invalid={Boolean(invalid) || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={leave}
      />
      <button
        ref={button}
        type="button"
        className="btn btn-outline-secondary"
        aria-label={choose}
        title={choose}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
      >
        <Icon name="calendar" size={16} />
      </button>
      {invalid === 'no-such-day' && (
        <div id={errorId} className="invalid-tooltip d-block">
          {t('Vineta::DateField:NoSuchDay')}
        </div>
      )}
      {invalid === 'pattern' && (
        <div id={errorId} className="invalid-tooltip d-block">
          {beforeHint}
          {/* Left to right, as in the field. */}
          <span dir="ltr" className="app-date-input-hint">
            {hint}
          </span>
          {afterHint}
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <DateCalendar
            anchor={root}
            label={choose}
            culture={cultureName}
            rightToLeft={culture?.isRightToLeft ?? false}
            day={parseDay(text, pattern) || value}
            onPick={pick}
          />
        </Suspense>
      )}
    </div>
  );
}
