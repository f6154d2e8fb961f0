import { getAccessToken } from '../auth/token-storage';
import { http, reportTokenAnsweredAsAnyone } from '../http/http';
import type { HttpRequest } from '../http/http-client';
import { applyLocalization } from '../localization/i18n';
import { appConfigurationStore } from './app-configuration-store';
import type { ApplicationConfiguration } from './application-configuration';

const url = '/api/abp/application-configuration';

export function getApplicationConfiguration(
  init: Partial<HttpRequest> = {},
): Promise<ApplicationConfiguration> {
  return http.get<ApplicationConfiguration>(url, undefined, init);
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
  const sentToken = Boolean(getAccessToken());
  const wasSignedIn = appConfigurationStore.get()?.currentUser.isAuthenticated === true;
  const configuration = await getApplicationConfiguration(init);
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  await Promise.all([...refreshListeners].map((listener) => listener(configuration)));
  // After the texts: a dialog it leads to speaks the language just chosen.
  if (sentToken && !configuration.currentUser.isAuthenticated)
    reportTokenAnsweredAsAnyone(url, wasSignedIn);
  return configuration;
}
