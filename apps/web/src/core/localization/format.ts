/** SPEC.md section 9: dates shown with this pattern unless the culture has its own. */
export const defaultShortDatePattern = 'yyyy-MM-dd';

const tokenPattern = /'[^']*'|yyyy|yy|MMMM|MMM|MM|M|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|tt|./g;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function part(
  date: Date,
  culture: string,
  options: Intl.DateTimeFormatOptions,
  type: string,
): string {
  return (
    new Intl.DateTimeFormat(culture, options).formatToParts(date).find((p) => p.type === type)
      ?.value ?? ''
  );
}

/** Formats with a .NET date pattern (`dd/MM/yyyy`, `M/d/yyyy`, `HH:mm`, `h:mm tt`). */
export function formatDate(
  value: Date | string | number | null | undefined,
  pattern: string | null | undefined = defaultShortDatePattern,
  culture = 'es-MX',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  return (pattern || defaultShortDatePattern).replace(tokenPattern, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(date.getFullYear(), 4);
      case 'yy':
        return pad(date.getFullYear() % 100);
      case 'MMMM':
        return part(date, culture, { month: 'long' }, 'month');
      case 'MMM':
        return part(date, culture, { month: 'short' }, 'month');
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'dddd':
        return part(date, culture, { weekday: 'long' }, 'weekday');
      case 'ddd':
        return part(date, culture, { weekday: 'short' }, 'weekday');
      case 'dd':
        return pad(date.getDate());
      case 'd':
        return String(date.getDate());
      case 'HH':
        return pad(hours);
      case 'H':
        return String(hours);
      case 'hh':
        return pad(hours % 12 || 12);
      case 'h':
        return String(hours % 12 || 12);
      case 'mm':
        return pad(date.getMinutes());
      case 'm':
        return String(date.getMinutes());
      case 'ss':
        return pad(date.getSeconds());
      case 's':
        return String(date.getSeconds());
      case 'tt':
        return part(date, culture, { hour: 'numeric', hour12: true }, 'dayPeriod');
      default:
        return token.startsWith("'") ? token.slice(1, -1) : token;
    }
  });
}

export interface DateStruct {
  year: number;
  month?: number;
  day?: number;
}

/** ABP's date parser: `yyyy`, `yyyy-MM` or `yyyy-MM-dd`; anything else is null. */
export function parseDate(value: string | null | undefined): DateStruct | null {
  if (!value) return null;
  const parts = value.trim().split('-');
  if (parts.length < 1 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [year, month, day] = parts.map(Number) as [number, number?, number?];
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (day !== undefined && (day < 1 || day > 31)) return null;
  return {
    year,
    ...(month !== undefined ? { month } : {}),
    ...(day !== undefined ? { day } : {}),
  };
}

/** Money in the product's currency (MXN, shown as `$` in es-MX). */
export function formatCurrency(amount: number, culture = 'es-MX', currency = 'MXN'): string {
  return new Intl.NumberFormat(culture, { style: 'currency', currency }).format(amount);
}

/**
 * A count with the culture's grouping (`100,000` in es-MX, `100.000` in de), in Latin digits in
 * every culture, as the dates and page numbers beside it are.
 */
export function formatNumber(value: number, culture = 'es-MX'): string {
  return new Intl.NumberFormat(culture, { numberingSystem: 'latn' }).format(value);
}
