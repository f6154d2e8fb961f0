import { http } from '../http/http';
import type { HttpRequest } from '../http/http-client';
import { applyLocalization } from '../localization/i18n';
import { appConfigurationStore } from './app-configuration-store';
import type { ApplicationConfiguration } from './application-configuration';

export function getApplicationConfiguration(
  init: Partial<HttpRequest> = {},
): Promise<ApplicationConfiguration> {
  return http.get<ApplicationConfiguration>('/api/abp/application-configuration', undefined, init);
}

const refreshListeners = new Set<(configuration: ApplicationConfiguration) => void>();

/** Called after every (re)load, e.g. to switch the text direction. */
export function onAppConfigurationRefreshed(
  listener: (configuration: ApplicationConfiguration) => void,
): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** Loads the configuration (first render, sign-in, tenant or language change) and its texts. */
export async function refreshAppConfiguration(
  init: Partial<HttpRequest> = {},
): Promise<ApplicationConfiguration> {
  const configuration = await getApplicationConfiguration(init);
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  await Promise.all([...refreshListeners].map((listener) => listener(configuration)));
  return configuration;
}
