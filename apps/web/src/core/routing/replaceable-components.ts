import type { ComponentType } from 'react';
import { createStore, useStore } from '../store';

/** ABP's replaceable-component keys used by this app. */
export const replaceableKeys = {
  applicationLayout: 'Theme.ApplicationLayoutComponent',
  accountLayout: 'Theme.AccountLayoutComponent',
  emptyLayout: 'Theme.EmptyLayoutComponent',
  logo: 'Theme.LogoComponent',
  login: 'Account.LoginComponent',
  tenantBox: 'Account.TenantBoxComponent',
} as const;

const registry = createStore<ReadonlyMap<string, unknown>>(new Map());

/** Replaces a layout or screen by key (ABP's `ReplaceableComponentsService.add`). */
export function replaceComponent(key: string, component: ComponentType<never> | null): void {
  registry.set((current) => {
    const next = new Map(current);
    if (component) next.set(key, component);
    else next.delete(key);
    return next;
  });
}

export function useReplaceableComponent<P extends object>(
  key: string,
  fallback: ComponentType<P>,
): ComponentType<P> {
  return useStore(registry, (map) => (map.get(key) as ComponentType<P> | undefined) ?? fallback);
}
