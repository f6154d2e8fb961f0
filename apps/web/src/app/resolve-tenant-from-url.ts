import type { Environment } from '#src/core/environment';
import {
  type FindTenantResult,
  findTenantById,
  findTenantByName,
} from '#src/core/multi-tenancy/find-tenant';
import { tenantFromQuery, tenantNameFromHost } from '#src/core/multi-tenancy/tenant-from-url';
import { isTenantAvailable } from '#src/core/multi-tenancy/tenant-switch';
import { setSessionTenant } from '#src/core/session/session-store';

function keep(result: FindTenantResult | undefined): boolean {
  if (!result || !isTenantAvailable(result)) return false;
  setSessionTenant({ id: result.tenantId ?? null, name: result.name ?? null, isAvailable: true });
  return true;
}

/** The tenant from the host-name pattern, else from the tenant-key query parameter (id or name). */
export async function resolveTenantFromUrl(environment: Environment): Promise<void> {
  const quiet = { skipHandleError: true };
  const fromHost = tenantNameFromHost(environment.application.baseUrl, location.href);
  if (fromHost) {
    keep(await findTenantByName(fromHost, quiet).catch(() => undefined));
    return;
  }
  const fromQuery = tenantFromQuery(location.search, environment.tenantKey);
  if (!fromQuery) return;
  if (keep(await findTenantById(fromQuery, quiet).catch(() => undefined))) return;
  keep(await findTenantByName(fromQuery, quiet).catch(() => undefined));
}
