import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { options } from 'preact';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { applyLocalization, initI18n } from '#src/core/localization/i18n';
import { reloadSessionFromStorage } from '#src/core/session/session-store';
import { testConfiguration } from './app-configuration';

// Preact runs effects after the next frame: a requestAnimationFrame raced by a timer whose
// callback calls cancelAnimationFrame. A timer still pending when a test file ends fires after
// jsdom's globals are gone, and its ReferenceError fails the whole run (seen under load in CI).
// jsdom paints nothing, so a plain timer stands in for the frame.
options.requestAnimationFrame = (callback) => setTimeout(callback);

// The files of a worker share one module graph and one window (vitest.config.ts: `isolate`
// is off, which makes this project six times faster). Each file starts as a fresh page would:
// English without texts, left to right, no configuration, an empty session.
beforeAll(async () => {
  await initI18n();
  for (const [language, resources] of Object.entries(i18next.store.data)) {
    for (const resource of Object.keys(resources)) i18next.removeResourceBundle(language, resource);
  }
  await applyLocalization(testConfiguration({ culture: 'en', values: {} }));
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  appConfigurationStore.set(undefined);
  reloadSessionFromStorage();
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
