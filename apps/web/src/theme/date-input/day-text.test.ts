import { describe, expect, it } from 'vitest';
import { dateOf, dayOf, formatDay, mayBeUnfinished, parseDay, patternHint } from './day-text';

describe('parseDay', () => {
  it("reads three numbers in the culture's order", () => {
    expect(parseDay('06/12/2026', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('6/12/2026', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('12/6/2026', 'M/d/yyyy')).toBe('2026-12-06');
    expect(parseDay('6.12.2026', 'dd.MM.yyyy')).toBe('2026-12-06');
    expect(parseDay('6.12.2026', 'd.MM.yyyy')).toBe('2026-12-06');
    expect(parseDay('2026/12/6', 'yyyy/M/d')).toBe('2026-12-06');
  });

  it('takes any separator, spaces around, a two-digit year of this century', () => {
    expect(parseDay(' 6-12-26 ', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('6 12 2026', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('2026年12月6日', 'yyyy/M/d')).toBe('2026-12-06');
  });

  it("cuts digits typed without separators (a phone's number pad) by the pattern", () => {
    expect(parseDay('06122026', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('061226', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('12062026', 'M/d/yyyy')).toBe('2026-12-06');
    expect(parseDay('20261206', 'yyyy/M/d')).toBe('2026-12-06');
    expect(parseDay('6122026', 'dd/MM/yyyy')).toBeNull();
    expect(parseDay('32122026', 'dd/MM/yyyy')).toBeNull();
  });

  it("takes ABP's yyyy-MM-dd in any culture", () => {
    expect(parseDay('2026-12-06', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('2026-12-06', 'M/d/yyyy')).toBe('2026-12-06');
  });

  it('reads the digits Arabic and Chinese keyboards type', () => {
    expect(parseDay('٠٦/١٢/٢٠٢٦', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('۰۶/۱۲/۲۰۲۶', 'dd/MM/yyyy')).toBe('2026-12-06');
    expect(parseDay('２０２６/１２/６', 'yyyy/M/d')).toBe('2026-12-06');
  });

  it('takes a year, or a year and month, as their first day (SPEC.md section 9)', () => {
    expect(parseDay('2026', 'dd/MM/yyyy')).toBe('2026-01-01');
    expect(parseDay('2026-3', 'M/d/yyyy')).toBe('2026-03-01');
    expect(parseDay('2026-12', 'dd/MM/yyyy')).toBe('2026-12-01');
    expect(parseDay('2026-13', 'dd/MM/yyyy')).toBeNull();
    // While typed they may still grow into a whole day: taken when the field is left.
    expect(mayBeUnfinished('2026', 'dd/MM/yyyy')).toBe(true);
    expect(mayBeUnfinished('2026-1', 'dd/MM/yyyy')).toBe(true);
    expect(mayBeUnfinished('2026-12-06', 'dd/MM/yyyy')).toBe(false);
  });

  it('is empty for an empty text', () => {
    expect(parseDay('', 'dd/MM/yyyy')).toBe('');
    expect(parseDay('   ', 'dd/MM/yyyy')).toBe('');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2026',
      '00/12/2026',
      '06/13/2026',
      '06/12',
      '06/12/2026/1',
      '06/12/202',
      'hoy',
      '6 dic 2026',
      '06/12/2026x',
    ]) {
      expect(parseDay(text, 'dd/MM/yyyy'), text).toBeNull();
    }
    expect(parseDay('29/02/2024', 'dd/MM/yyyy')).toBe('2024-02-29');
    expect(parseDay('29/02/2000', 'dd/MM/yyyy')).toBe('2000-02-29');
    expect(parseDay('29/02/2100', 'dd/MM/yyyy')).toBeNull();
    // The 6th of December in M/d/yyyy is not a day in dd/MM/yyyy.
    expect(parseDay('12/31/2026', 'dd/MM/yyyy')).toBeNull();
  });
});

describe('formatDay', () => {
  it('writes a day in the pattern', () => {
    expect(formatDay('2026-12-06', 'dd/MM/yyyy', 'es-MX')).toBe('06/12/2026');
    expect(formatDay('2026-12-06', 'M/d/yyyy', 'en')).toBe('12/6/2026');
    expect(formatDay('2026-12-06', 'd.MM.yyyy', 'tr')).toBe('6.12.2026');
    expect(formatDay('2026-12-06', 'yyyy/M/d', 'zh-Hans')).toBe('2026/12/6');
  });

  it('is empty for no day or one that does not exist', () => {
    expect(formatDay('', 'dd/MM/yyyy', 'es-MX')).toBe('');
    expect(formatDay('2026-02-30', 'dd/MM/yyyy', 'es-MX')).toBe('');
  });

  it('reads back what it wrote in every pattern', () => {
    for (const pattern of ['dd/MM/yyyy', 'M/d/yyyy', 'dd.MM.yyyy', 'd.MM.yyyy', 'yyyy/M/d']) {
      expect(parseDay(formatDay('2027-01-09', pattern, 'es-MX'), pattern)).toBe('2027-01-09');
    }
  });
});

describe('patternHint', () => {
  it("spells the pattern with the culture's letters", () => {
    const spanish = { day: 'dd', month: 'mm', year: 'aaaa' };
    expect(patternHint('dd/MM/yyyy', spanish)).toBe('dd/mm/aaaa');
    expect(patternHint('d.MM.yyyy', { day: 'gg', month: 'aa', year: 'yyyy' })).toBe('gg.aa.yyyy');
    expect(patternHint("d 'de' M", spanish)).toBe('dd de mm');
  });
});

describe('dayOf and dateOf', () => {
  it('go between a day and its local midnight', () => {
    expect(dayOf(new Date(2026, 11, 6, 23, 59))).toBe('2026-12-06');
    expect(dateOf('2026-12-06')?.getTime()).toBe(new Date(2026, 11, 6).getTime());
    expect(dateOf('0099-01-01')?.getFullYear()).toBe(99);
    expect(dateOf('2026-13-01')).toBeUndefined();
    expect(dateOf('')).toBeUndefined();
  });
});
