import { createStore, useStore } from '../store';
import type {
  ApplicationConfiguration,
  CurrentCulture,
  CurrentTenant,
  CurrentUser,
} from './application-configuration';

export const appConfigurationStore = createStore<ApplicationConfiguration | undefined>(undefined);

/** The loaded configuration; the app renders only after the first load. */
export function getAppConfiguration(): ApplicationConfiguration {
  const configuration = appConfigurationStore.get();
  if (!configuration) throw new Error('The application configuration is not loaded yet.');
  return configuration;
}

export function useAppConfiguration(): ApplicationConfiguration {
  const configuration = useStore(appConfigurationStore);
  if (!configuration) throw new Error('The application configuration is not loaded yet.');
  return configuration;
}

export function useSetting(name: string): string | null | undefined {
  return useStore(appConfigurationStore, (c) => c?.setting.values[name]);
}

export function useCurrentUser(): CurrentUser | undefined {
  return useStore(appConfigurationStore, (c) => c?.currentUser);
}

/** The culture the texts, dates and numbers are shown in, with its .NET date and time patterns. */
export function useCurrentCulture(): CurrentCulture | undefined {
  return useStore(appConfigurationStore, (c) => c?.localization.currentCulture);
}

export function useCurrentTenant(): CurrentTenant | undefined {
  return useStore(appConfigurationStore, (c) => c?.currentTenant);
}

export function useMultiTenancyEnabled(): boolean {
  return useStore(appConfigurationStore, (c) => c?.multiTenancy.isEnabled ?? false);
}
