import { tablesOf } from '../data/transaction.js';
import type {
  PermissionGrantSeedsTable,
  PermissionGrantsTable,
} from './permission-grants.tables.js';

/** Grants of the current tenant (the data filter scopes every query to it). */
export function createPermissionGrantRepository(context: { query(): unknown }) {
  const data = tablesOf<{
    permissionGrants: PermissionGrantsTable;
    permissionGrantSeeds: PermissionGrantSeedsTable;
  }>(context);
  const query = () => data.query();
  return {
    async namesGrantedTo(providerName: string, providerKey: string): Promise<string[]> {
      const rows = await query()
        .selectFrom('permissionGrants')
        .select('name')
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
      return rows.map((row) => row.name);
    },
    async grant(name: string, providerName: string, providerKey: string): Promise<void> {
      await query()
        .insertInto('permissionGrants')
        .values({ id: crypto.randomUUID(), name, providerName, providerKey })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
    async revoke(name: string, providerName: string, providerKey: string): Promise<void> {
      await query()
        .deleteFrom('permissionGrants')
        .where('name', '=', name)
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
    },
    async deleteAllOf(providerName: string, providerKey: string): Promise<void> {
      await query()
        .deleteFrom('permissionGrants')
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
    },
    async moveProviderKey(providerName: string, fromKey: string, toKey: string): Promise<void> {
      await query()
        .updateTable('permissionGrants')
        .set({ providerKey: toKey })
        .where('providerName', '=', providerName)
        .where('providerKey', '=', fromKey)
        .execute();
    },
    /** The permissions the data seed has granted to a provider, whether or not they still are. */
    async namesSeededTo(providerName: string, providerKey: string): Promise<string[]> {
      const rows = await query()
        .selectFrom('permissionGrantSeeds')
        .select('name')
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
      return rows.map((row) => row.name);
    },
    /**
     * Of these tenants, those in which the data seed has not granted every one of `names` to a
     * provider. Across tenants: the caller reads the shared database with the tenant filter off.
     */
    async tenantsNotSeededWith(
      tenantIds: readonly string[],
      names: readonly string[],
      providerName: string,
      providerKey: string,
    ): Promise<string[]> {
      if (tenantIds.length === 0 || names.length === 0) return [];
      const rows = await query()
        .selectFrom('permissionGrantSeeds')
        .select((eb) => ['tenantId', eb.fn.countAll().as('count')])
        .where('tenantId', 'in', tenantIds)
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .where('name', 'in', names)
        .groupBy('tenantId')
        .execute();
      const complete = new Set(
        rows.filter((row) => Number(row.count) === names.length).map((row) => row.tenantId),
      );
      return tenantIds.filter((id) => !complete.has(id));
    },
    /** Records that the data seed has granted a permission, so that it never grants it again. */
    async recordSeeded(name: string, providerName: string, providerKey: string): Promise<void> {
      await query()
        .insertInto('permissionGrantSeeds')
        .values({ id: crypto.randomUUID(), name, providerName, providerKey })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
  };
}

export type PermissionGrantRepository = ReturnType<typeof createPermissionGrantRepository>;
