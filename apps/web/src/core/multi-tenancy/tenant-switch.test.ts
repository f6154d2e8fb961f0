import { describe, expect, it, vi } from 'vitest';
import type { FindTenantResult } from './find-tenant';
import {
  isTenantNameUnchanged,
  switchTenant,
  type TenantSwitchDependencies,
} from './tenant-switch';

function deps(
  result: FindTenantResult = { success: true, tenantId: 't-1', name: 'Acme', isActive: true },
) {
  return {
    findTenantByName: vi.fn(async () => result),
    setTenant: vi.fn(),
    refreshConfiguration: vi.fn(async () => undefined),
    showError: vi.fn(),
  } satisfies TenantSwitchDependencies;
}

describe('tenant switch (SPEC.md section 4)', () => {
  it('clears the tenant for an empty name and refreshes the configuration', async () => {
    const d = deps();
    await expect(switchTenant('  ', d)).resolves.toBe('cleared');
    expect(d.setTenant).toHaveBeenCalledWith(null);
    expect(d.findTenantByName).not.toHaveBeenCalled();
    expect(d.refreshConfiguration).toHaveBeenCalledOnce();
  });

  it('looks the name up, sets the tenant and refreshes the configuration', async () => {
    const d = deps();
    await expect(switchTenant('acme', d)).resolves.toBe('switched');
    expect(d.findTenantByName).toHaveBeenCalledWith('acme');
    expect(d.setTenant).toHaveBeenCalledWith({ id: 't-1', name: 'Acme', isAvailable: true });
    expect(d.refreshConfiguration).toHaveBeenCalledOnce();
  });

  it('shows an error toast naming the tenant when it is not found or inactive', async () => {
    for (const result of [
      { success: false },
      { success: true, tenantId: 't', name: 'x', isActive: false },
    ]) {
      const d = deps(result);
      await expect(switchTenant('ghost', d)).resolves.toBe('not-found');
      expect(d.showError).toHaveBeenCalledWith(
        expect.objectContaining({ key: 'AbpUiMultiTenancy::GivenTenantIsNotAvailable' }),
        expect.objectContaining({ key: 'AbpUi::Error' }),
        ['ghost'],
      );
      expect(d.setTenant).not.toHaveBeenCalled();
      expect(d.refreshConfiguration).not.toHaveBeenCalled();
    }
  });

  it('keeps Save disabled while the name equals the current tenant', () => {
    expect(isTenantNameUnchanged('Acme', 'Acme')).toBe(true);
    expect(isTenantNameUnchanged('', null)).toBe(true);
    expect(isTenantNameUnchanged('Other', 'Acme')).toBe(false);
    expect(isTenantNameUnchanged('', 'Acme')).toBe(false);
  });
});
