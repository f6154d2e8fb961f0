import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { AppDataContext } from '../../db/database.js';
import { deletionAudit } from '../../platform/data/audit.js';
import type { TenantsTable } from './tenant-management.tables.js';

export type TenantRow = Selectable<TenantsTable>;

/** Columns a client may sort tenants by, as `sorting` names them. */
const tenantSortColumns = {
  name: 'normalizedName',
  creationTime: 'creationTime',
  isActive: 'isActive',
  id: 'id',
} as const;
type TenantSortKey = keyof typeof tenantSortColumns;
export const tenantSortKeys = Object.keys(tenantSortColumns) as TenantSortKey[];

export interface TenantListQuery {
  /** Already normalized (upper-invariant): matched anywhere in the name. */
  normalizedFilter?: string;
  sortKey: TenantSortKey;
  descending: boolean;
  skipCount: number;
  maxResultCount: number;
}

/** `%` and `_` in a user's filter are literal, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** Tenants are host data: no tenant filter applies, the soft-delete filter does. */
export function createTenantsRepository(data: AppDataContext) {
  const tenants = () => data.query().selectFrom('tenants').selectAll();
  const filtered = (normalizedFilter: string | undefined) => {
    const query = data.query().selectFrom('tenants');
    return normalizedFilter
      ? query.where(
          (eb) =>
            sql<boolean>`${eb.ref('normalizedName')} like ${likePattern(normalizedFilter)} escape '\\'`,
        )
      : query;
  };
  return {
    findById: (id: string) => tenants().where('id', '=', id).executeTakeFirst(),
    findByNormalizedName: (normalizedName: string) =>
      tenants().where('normalizedName', '=', normalizedName).executeTakeFirst(),
    async getList(query: TenantListQuery): Promise<TenantRow[]> {
      const direction = query.descending ? 'desc' : 'asc';
      return filtered(query.normalizedFilter)
        .selectAll()
        .orderBy(tenantSortColumns[query.sortKey], direction)
        .orderBy('id', direction)
        .limit(query.maxResultCount)
        .offset(query.skipCount)
        .execute();
    },
    /**
     * A page of the tenants in id order, after `afterId`, for walking every tenant: each id, and
     * whether the tenant keeps its data in a database of its own.
     */
    async pageAfter(
      afterId: string | undefined,
      limit: number,
    ): Promise<{ id: string; ownDatabase: boolean }[]> {
      let query = data
        .query()
        .selectFrom('tenants')
        .leftJoin('tenantConnectionStrings as own', (join) =>
          join.onRef('own.tenantId', '=', 'tenants.id').on('own.name', '=', 'Default'),
        )
        .select(['tenants.id', 'own.tenantId as ownDatabase']);
      if (afterId !== undefined) query = query.where('tenants.id', '>', afterId);
      const rows = await query.orderBy('tenants.id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, ownDatabase: row.ownDatabase !== null }));
    },
    async count(normalizedFilter: string | undefined): Promise<number> {
      const row = await filtered(normalizedFilter)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async insert(tenant: Insertable<TenantsTable>): Promise<void> {
      await data.query().insertInto('tenants').values(tenant).execute();
    },
    /** Updates when the stamp still matches; false means someone saved in between (or no such tenant). */
    async update(
      id: string,
      expectedStamp: string,
      changes: Updateable<TenantsTable>,
    ): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('tenants')
        .set(changes)
        .where('id', '=', id)
        .where('concurrencyStamp', '=', expectedStamp)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async softDelete(id: string): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('tenants')
        .set(deletionAudit())
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async findConnectionString(tenantId: string, name: string): Promise<string | undefined> {
      const row = await data
        .query()
        .selectFrom('tenantConnectionStrings')
        .select('value')
        .where('tenantId', '=', tenantId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },
    async setConnectionString(tenantId: string, name: string, value: string): Promise<void> {
      await data
        .query()
        .insertInto('tenantConnectionStrings')
        .values({ tenantId, name, value })
        .onConflict((conflict) => conflict.columns(['tenantId', 'name']).doUpdateSet({ value }))
        .execute();
    },
    async deleteConnectionString(tenantId: string, name: string): Promise<void> {
      await data
        .query()
        .deleteFrom('tenantConnectionStrings')
        .where('tenantId', '=', tenantId)
        .where('name', '=', name)
        .execute();
    },
  };
}

export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
