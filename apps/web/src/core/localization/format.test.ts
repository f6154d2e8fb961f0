import { describe, expect, it } from 'vitest';
import {
  defaultShortDatePattern,
  formatCurrency,
  formatDate,
  formatNumber,
  parseDate,
} from './format';

const date = new Date(2024, 2, 5, 14, 7, 9);

describe('dates and money', () => {
  it('shows dates as yyyy-MM-dd by default', () => {
    expect(defaultShortDatePattern).toBe('yyyy-MM-dd');
    expect(formatDate(date)).toBe('2024-03-05');
    expect(formatDate(date, null)).toBe('2024-03-05');
  });

  it("uses the culture's short date and time patterns", () => {
    expect(formatDate(date, 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(formatDate(date, 'M/d/yyyy', 'en')).toBe('3/5/2024');
    expect(formatDate(date, 'd.MM.yyyy')).toBe('5.03.2024');
    expect(formatDate(date, 'HH:mm')).toBe('14:07');
    expect(formatDate(date, 'h:mm tt', 'en')).toBe('2:07 PM');
    expect(formatDate(date, "d 'de' MMMM 'de' yyyy", 'es-MX')).toBe('5 de marzo de 2024');
  });

  it('shows nothing for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('parses year, year-month or year-month-day', () => {
    expect(parseDate('2024')).toEqual({ year: 2024 });
    expect(parseDate('2024-03')).toEqual({ year: 2024, month: 3 });
    expect(parseDate('2024-03-05')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseDate(' 2024-3-5 ')).toEqual({ year: 2024, month: 3, day: 5 });
  });

  it('rejects anything else', () => {
    for (const value of [
      '',
      '2024/03/05',
      '2024-13',
      '2024-03-32',
      'abc',
      '2024-03-05-01',
      undefined,
    ]) {
      expect(parseDate(value)).toBeNull();
    }
  });

  it('formats MXN through Intl ($ in es-MX)', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'en-US')).toBe('MX$1,234.50');
  });

  it('groups counts as the culture does, in Latin digits everywhere', () => {
    expect(formatNumber(100000)).toBe('100,000');
    expect(formatNumber(100000, 'de')).toBe('100.000');
    expect(formatNumber(100000, 'pt-BR')).toBe('100.000');
    expect(formatNumber(100000, 'ar')).toBe('100,000');
    expect(formatNumber(7, 'ar')).toBe('7');
  });
});
