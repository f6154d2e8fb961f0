import type { TextSource } from '../localization/localizable';
import type { SessionTenant } from '../session/session-store';
import type { FindTenantResult } from './find-tenant';

export type TenantSwitchResult = 'cleared' | 'switched' | 'not-found';

export interface TenantSwitchDependencies {
  findTenantByName(name: string): Promise<FindTenantResult>;
  setTenant(tenant: SessionTenant | null): void;
  refreshConfiguration(): Promise<unknown>;
  showError(message: TextSource, title: TextSource, params: string[]): void;
}

export function isTenantAvailable(result: FindTenantResult): boolean {
  return result.success && result.isActive !== false && Boolean(result.tenantId);
}

/**
 * SPEC.md section 4: an empty name clears the tenant; otherwise the lookup runs, and the tenant is
 * set and the configuration refreshed, or an error toast names the tenant.
 */
export async function switchTenant(
  rawName: string,
  deps: TenantSwitchDependencies,
): Promise<TenantSwitchResult> {
  const name = rawName.trim();
  if (!name) {
    deps.setTenant(null);
    await deps.refreshConfiguration();
    return 'cleared';
  }
  const result = await deps.findTenantByName(name);
  if (!isTenantAvailable(result)) {
    deps.showError(
      {
        key: 'AbpUiMultiTenancy::GivenTenantIsNotAvailable',
        defaultValue: 'Given tenant is not available: {0}',
      },
      { key: 'AbpUi::Error', defaultValue: 'Error' },
      [name],
    );
    return 'not-found';
  }
  deps.setTenant({ id: result.tenantId ?? null, name: result.name ?? name, isAvailable: true });
  await deps.refreshConfiguration();
  return 'switched';
}

/** Save stays disabled while the typed name equals the current tenant's. */
export function isTenantNameUnchanged(typed: string, current: string | null | undefined): boolean {
  return typed.trim() === (current ?? '');
}
