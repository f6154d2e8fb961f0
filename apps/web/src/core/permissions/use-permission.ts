import { appConfigurationStore } from '../app-configuration/app-configuration-store';
import { useStore } from '../store';
import { isPolicyGranted } from './policy';

export function usePermission(policy: string | null | undefined): boolean {
  return useStore(appConfigurationStore, (c) => isPolicyGranted(policy, c?.auth.grantedPolicies));
}

export function hasPermission(policy: string | null | undefined): boolean {
  return isPolicyGranted(policy, appConfigurationStore.get()?.auth.grantedPolicies);
}
