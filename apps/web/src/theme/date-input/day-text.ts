import { defaultShortDatePattern, formatDate } from '#src/core/localization/format';

/**
 * A day typed in a culture's short date pattern (.NET's: `dd/MM/yyyy`, `M/d/yyyy`, `d.MM.yyyy`,
 * `yyyy/M/d`), read and written as the day the API and the code keep: `yyyy-MM-dd`.
 */

type Field = 'day' | 'month' | 'year';

/** The pattern's day, month and year, in the order it writes them (quoted text skipped). */
function fieldOrder(pattern: string): Field[] {
  const order: Field[] = [];
  for (const [token] of pattern.matchAll(/'[^']*'|d+|M+|y+/g)) {
    const field = ({ d: 'day', M: 'month', y: 'year' } as const)[token[0] as 'd' | 'M' | 'y'];
    if (field && !order.includes(field)) order.push(field);
  }
  return order.length === 3 ? order : ['year', 'month', 'day'];
}

/** Digits as keyboards of the cultures type them (Arabic-Indic, Persian, full-width) to 0–9. */
function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - zero);
  });
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `yyyy-MM-dd` for a day that exists, or null. */
function isoDay(year: number, month: number, day: number): string | null {
  if (!(year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1)) return null;
  // Day 0 of the next month is the month's last (setUTCFullYear, since Date.UTC reads 0–99 as 19xx).
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day > last.getUTCDate() ? null : `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Six or eight digits with no separator (what a phone's number pad lets a person type) cut into
 * the pattern's fields: two for the day and the month, the rest for the year.
 */
function unseparated(digits: string, order: Field[]): string[] {
  const yearLength = digits.length - 4;
  let at = 0;
  return order.map((field) => {
    const length = field === 'year' ? yearLength : 2;
    at += length;
    return digits.slice(at - length, at);
  });
}

/** `2026` or `2026-03`: a year, or a year and a month. */
const YEAR_OR_MONTH = /^(\d{4})(?:-(\d{1,2}))?$/;

/**
 * The day a person typed: three numbers in the pattern's order, between any separators (`6/12/2026`
 * and `06-12-26` alike in `dd/MM/yyyy`; a two-digit year is this century's) or none (`06122026`),
 * or ABP's `yyyy-MM-dd` in any culture, whose year or year and month alone give their first day.
 * '' for an empty text, null for one that is not a day of the calendar.
 */
export function parseDay(text: string, pattern = defaultShortDatePattern): string | null {
  const parts = dayParts(text, pattern);
  if (parts === '') return '';
  return parts && isoDay(parts.year, parts.month, parts.day);
}

/**
 * Whether the text is written as a day (`31/02/2026`) that the calendar does not have: its error
 * says so, rather than ask again for the pattern it follows.
 */
export function isNoSuchDay(text: string, pattern = defaultShortDatePattern): boolean {
  const parts = dayParts(text, pattern);
  return Boolean(parts) && parseDay(text, pattern) === null;
}

/** The year, month and day the text is written as, valid or not; '' for none; null for no day. */
function dayParts(
  text: string,
  pattern: string,
): { year: number; month: number; day: number } | '' | null {
  const typed = latinDigits(text).trim();
  if (!typed) return '';
  // SPEC.md section 9: a year, or a year and its month, with a hyphen, is the period's first day.
  const period = YEAR_OR_MONTH.exec(typed);
  if (period) return { year: Number(period[1]), month: Number(period[2] ?? 1), day: 1 };
  const patternOrder = fieldOrder(pattern);
  const numbers = /^\d{6}$|^\d{8}$/.test(typed)
    ? unseparated(typed, patternOrder)
    : (typed.match(/\d+/g) ?? []);
  const separators = typed.split(/\d+/).filter(Boolean);
  // Separators are punctuation, spaces or the CJK date signs; letters are not a day.
  if (numbers.length !== 3 || separators.some((s) => !/^[\s\p{P}\p{S}年月日]+$/u.test(s)))
    return null;
  const iso = /^\d{4}$/.test(numbers[0] as string) && patternOrder[0] !== 'year';
  const order: Field[] = iso ? ['year', 'month', 'day'] : patternOrder;
  const value = (field: Field) => numbers[order.indexOf(field)] as string;
  const yearText = value('year');
  if (yearText.length !== 4 && yearText.length !== 2) return null;
  const year = Number(yearText) + (yearText.length === 2 ? 2000 : 0);
  return { year, month: Number(value('month')), day: Number(value('day')) };
}

/**
 * Whether a text that reads as a day may be on its way to another: six bare digits (the start of
 * eight) or, where the year comes last, a year of two digits (`01/12/20`, the start of
 * `01/12/2026`). Such a text is taken when the field is left, not while it is typed.
 */
export function mayBeUnfinished(text: string, pattern = defaultShortDatePattern): boolean {
  const typed = latinDigits(text).trim();
  // Six bare digits, or a year (and month) on its way to an ABP day.
  if (/^\d{6}$/.test(typed) || YEAR_OR_MONTH.test(typed)) return true;
  // An ABP day (`2026-11-30`) ends with its day, whatever the pattern.
  const iso = /^\d{4}\D/.test(typed);
  return !iso && fieldOrder(pattern).at(-1) === 'year' && /(^|\D)\d{2}$/.test(typed);
}

/** A `yyyy-MM-dd` day written in the pattern; '' for none or one that is not a day. */
export function formatDay(day: string, pattern: string | undefined, culture: string): string {
  const date = dateOf(day);
  return date ? formatDate(date, pattern || defaultShortDatePattern, culture) : '';
}

/** The pattern with the culture's letters for each field (`dd/mm/aaaa`), as a field's hint. */
export function patternHint(
  pattern: string | undefined,
  letters: { day: string; month: string; year: string },
): string {
  return (pattern || defaultShortDatePattern).replace(/'([^']*)'|d+|M+|y+/g, (token, quoted) => {
    if (quoted !== undefined) return quoted;
    return token[0] === 'd' ? letters.day : token[0] === 'M' ? letters.month : letters.year;
  });
}

/** `yyyy-MM-dd` of a date in the reader's calendar. */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight a `yyyy-MM-dd` day begins at, or undefined for none. */
export function dateOf(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (!isoDay(year, month, date)) return undefined;
  const midnight = new Date(2000, month - 1, date);
  midnight.setFullYear(year);
  return midnight;
}
