const units = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * A length of time in words of `culture`: "2 horas", "1 hora y 30 minutos", "ساعتان". ICU picks
 * each unit's plural form (Arabic has six), which a "{0} horas" text cannot; a zero part is left
 * out, and a tag ICU does not know reads as English rather than failing a mail.
 */
export function formatDuration(seconds: number, culture: string): string {
  try {
    return inWords(seconds, culture);
  } catch (error) {
    if (error instanceof RangeError) return inWords(seconds, 'en');
    throw error;
  }
}

function inWords(seconds: number, culture: string): string {
  let left = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, length] of units) {
    const count = Math.floor(left / length);
    left -= count * length;
    if (count > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(
        new Intl.NumberFormat(culture, { style: 'unit', unit, unitDisplay: 'long' }).format(count),
      );
    }
  }
  return new Intl.ListFormat(culture, { type: 'conjunction', style: 'long' }).format(parts);
}
