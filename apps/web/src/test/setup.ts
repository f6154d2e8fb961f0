import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '#src/core/localization/i18n';

// Preact runs effects after the next frame: a requestAnimationFrame raced by a timer whose
// callback calls cancelAnimationFrame. A timer still pending when a test file ends fires after
// jsdom's globals are gone, and its ReferenceError fails the whole run (seen under load in CI).
// jsdom paints nothing, so a plain timer stands in for the frame.
options.requestAnimationFrame = (callback) => setTimeout(callback);

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resets jsdom's cookies between tests
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});
