import { withinTenant } from '../src/platform/data/data-scope.js';
import type { Services } from '../src/services.js';

/**
 * Puts a tenant's (or, with `null`, the host's) admin role back to where it was before
 * `permission` was defined: never granted it, and the seed's record of granting it gone, so the
 * next seed owes it (identity-data-seeder.ts).
 */
export function asBeforePermissionExisted(
  services: Services,
  tenantId: string | null,
  permission: string,
): Promise<void> {
  return withinTenant(tenantId, () =>
    services.data.transaction(async () => {
      await services.permissions.setGranted(permission, 'R', 'admin', false);
      await services.data
        .query()
        .deleteFrom('permissionGrantSeeds')
        .where('name', '=', permission)
        .execute();
    }),
  );
}
