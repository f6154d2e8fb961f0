import { tablesOf } from '../data/transaction.js';
import type { PermissionGrantsTable } from './permission-grants.tables.js';

/** Grants of the current tenant (the data filter scopes every query to it). */
export function createPermissionGrantRepository(context: { query(): unknown }) {
  const data = tablesOf<{ permissionGrants: PermissionGrantsTable }>(context);
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
  };
}

export type PermissionGrantRepository = ReturnType<typeof createPermissionGrantRepository>;
