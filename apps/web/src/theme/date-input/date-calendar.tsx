import { type RefObject, useLayoutEffect, useRef } from 'react';
import { type DayButtonProps, DayPicker } from 'react-day-picker';
import { ar, de, enUS, es, fr, ptBR, tr, zhCN } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './date-calendar.css';
import { dateOf, dayOf } from './day-text';
import { useFloatingUnder } from './use-floating-under';

/** The calendar's month names, day names and screen-reader labels, by the culture's language. */
const locales = { ar, de, en: enUS, es, fr, pt: ptBR, tr, zh: zhCN };

/**
 * The first day of the culture's week (0 is Sunday): Sunday in Mexico and the United States,
 * Monday in France, Saturday in Arabic, where the language's own table would say Monday for
 * every Spanish-speaking country.
 */
function weekStartOf(culture: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 | undefined {
  const locale = new Intl.Locale(culture) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
  return firstDay === undefined ? undefined : ((firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6);
}

/**
 * A day of the grid, which takes focus when the keyboard moves to it. react-day-picker's own
 * button does that in a passive effect, and Preact runs a component's pending effects when it
 * renders again before a paint. Two renders between paints (a window resized while the calendar
 * was open) left two days each with a pending focus; each render then ran the stale one, whose
 * focus and blur events set state and rendered again, and the page froze. A layout effect runs as
 * its render commits, so none is left pending.
 */
function DayButton({ day: _day, modifiers, ...button }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return <button ref={ref} {...button} />;
}

export interface DateCalendarProps {
  /** What the calendar hangs from: the field and its button. */
  anchor: RefObject<HTMLElement | null>;
  /** The dialog's name. */
  label: string;
  culture: string;
  rightToLeft: boolean;
  /** `yyyy-MM-dd`, or '' for none (the calendar then opens on today's month). */
  day: string;
  onPick: (day: string) => void;
}

/**
 * A month grid to pick a day from (react-day-picker: a WAI-ARIA grid, arrows, Page Up and Down,
 * Home and End), in the culture's words and week, with Latin digits as the app's dates have, in
 * a dialog under its field. Loaded, with what places it, when a date field first opens it.
 */
export function DateCalendar(props: DateCalendarProps) {
  const { anchor, label, culture, rightToLeft, day, onPick } = props;
  const popover = useRef<HTMLDivElement>(null);
  useFloatingUnder(anchor, popover);
  const selected = dateOf(day);
  const language = culture.split('-')[0] as keyof typeof locales;
  return (
    <div ref={popover} className="app-date-popover" role="dialog" aria-label={label}>
      <DayPicker
        mode="single"
        selected={selected}
        defaultMonth={selected}
        onSelect={(date) => date && onPick(dayOf(date))}
        locale={locales[language] ?? es}
        weekStartsOn={weekStartOf(culture)}
        dir={rightToLeft ? 'rtl' : 'ltr'}
        numerals="latn"
        captionLayout="dropdown"
        components={{ DayButton }}
        autoFocus
      />
    </div>
  );
}
