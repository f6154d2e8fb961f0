import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration', () => {
  it('names each unit in its plural form for the culture', () => {
    expect(formatDuration(2 * 3600, 'es-MX')).toBe('2 horas');
    expect(formatDuration(3600, 'es-MX')).toBe('1 hora');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    // Arabic's dual: "two hours" is one word, not "2 ساعة".
    expect(formatDuration(2 * 3600, 'ar')).toBe('ساعتان');
  });

  it('joins the parts that are not zero, largest first', () => {
    expect(formatDuration(5400, 'es-MX')).toBe('1 hora y 30 minutos');
    expect(formatDuration(86_400 + 300, 'en')).toBe('1 day and 5 minutes');
    expect(formatDuration(45, 'de')).toBe('45 Sekunden');
    expect(formatDuration(0, 'en')).toBe('0 seconds');
  });

  it('reads as English for a tag ICU refuses', () => {
    expect(formatDuration(1800, 'not a tag')).toBe('30 minutes');
  });
});
