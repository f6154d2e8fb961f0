import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { ApplicationConfiguration } from '../app-configuration/application-configuration';
import type { TextSource } from './localizable';
import { isolate, localizeWith } from './localize';

let defaultResourceName: string | null = null;
/** In a right-to-left culture values are isolated from the sentence they go in (see `isolate`). */
let wrapParams: ((value: string) => string) | undefined;

/** i18next holds the resources of the current culture; namespaces are ABP's resource names. */
export async function initI18n(): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: 'en',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: '::',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added', useSuspense: false },
    initAsync: false,
  });
}

/** Loads the configuration's texts into i18next and switches to its culture. */
export async function applyLocalization(configuration: ApplicationConfiguration): Promise<void> {
  await initI18n();
  const { values, currentCulture } = configuration.localization;
  defaultResourceName = configuration.localization.defaultResourceName;
  wrapParams = currentCulture.isRightToLeft ? isolate : undefined;
  const language = currentCulture.cultureName;
  for (const [resource, texts] of Object.entries(values)) {
    i18next.addResourceBundle(language, resource, texts, true, true);
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
  else i18next.emit('added', language, Object.keys(values));
}

function lookup(resource: string, key: string): string | undefined {
  const value = i18next.isInitialized
    ? i18next.getResource(i18next.language, resource, key)
    : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** ABP's `localize`: `Resource::Key`, `{0}` parameters, the fallback or the key when missing. */
export function localize(source: TextSource, ...params: string[]): string {
  return localizeWith(
    lookup,
    defaultResourceName,
    source,
    params.length ? params : undefined,
    wrapParams,
  );
}

export type Localize = typeof localize;

/** The `localize` function for components; re-renders when the language or texts change. */
export function useLocalization(): Localize {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new identity per language makes memoised children re-render
  return useCallback<Localize>((source, ...params) => localize(source, ...params), [language]);
}

export function currentLanguage(): string | undefined {
  return i18next.isInitialized ? i18next.language : undefined;
}
