import { getEnvironment } from '../environment';
import { http } from '../http/http';
import type { HttpRequest } from '../http/http-client';

/** ABP's `FindTenantResultDto`. */
export interface FindTenantResult {
  success: boolean;
  tenantId?: string | null;
  name?: string | null;
  isActive?: boolean;
}

/** Lookups go out with an empty tenant header, so the current tenant does not filter them. */
function noTenant(): Record<string, string> {
  return { [getEnvironment().tenantKey]: '' };
}

export function findTenantByName(
  name: string,
  init: Partial<HttpRequest> = {},
): Promise<FindTenantResult> {
  return http.get<FindTenantResult>(
    `/api/abp/multi-tenancy/tenants/by-name/${encodeURIComponent(name)}`,
    undefined,
    { ...init, headers: noTenant() },
  );
}

export function findTenantById(
  id: string,
  init: Partial<HttpRequest> = {},
): Promise<FindTenantResult> {
  return http.get<FindTenantResult>(
    `/api/abp/multi-tenancy/tenants/by-id/${encodeURIComponent(id)}`,
    undefined,
    { ...init, headers: noTenant() },
  );
}
