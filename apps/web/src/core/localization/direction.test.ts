import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { applyDirection, configureStylesheets, guessDirection } from './direction';

function fireLoad() {
  for (const link of document.head.querySelectorAll('link')) link.dispatchEvent(new Event('load'));
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

// The next file in this worker has no stylesheets to wait for (vitest.config.ts: no isolation).
afterAll(() => configureStylesheets(undefined));

describe('text direction', () => {
  it('guesses right-to-left for Arabic and friends', () => {
    expect(guessDirection('ar')).toBe('rtl');
    expect(guessDirection('he-IL')).toBe('rtl');
    expect(guessDirection('ug_CN')).toBe('rtl');
    expect(guessDirection('es-MX')).toBe('ltr');
    expect(guessDirection(undefined)).toBe('ltr');
  });

  it('sets dir and lang and swaps to the RTL stylesheet and back', async () => {
    configureStylesheets({ ltr: '/assets/theme-ltr.css', rtl: '/assets/theme-rtl.css' });
    const ltr = applyDirection('ltr', 'es-MX');
    fireLoad();
    await ltr;
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('es-MX');
    expect(document.getElementById('app-stylesheet')?.getAttribute('href')).toBe(
      '/assets/theme-ltr.css',
    );

    const rtl = applyDirection('rtl', 'ar');
    fireLoad();
    await rtl;
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/assets/theme-rtl.css');
  });
});
