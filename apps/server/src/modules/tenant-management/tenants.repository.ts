import type { Insertable, Selectable } from 'kysely';
import type { AppDataContext } from '../../db/database.js';
import type { TenantsTable } from './tenant-management.tables.js';

export type TenantRow = Selectable<TenantsTable>;

/** Tenants are host data: no tenant filter applies, the soft-delete filter does. */
export function createTenantsRepository(data: AppDataContext) {
  const tenants = () => data.query().selectFrom('tenants').selectAll();
  return {
    findById: (id: string) => tenants().where('id', '=', id).executeTakeFirst(),
    findByNormalizedName: (normalizedName: string) =>
      tenants().where('normalizedName', '=', normalizedName).executeTakeFirst(),
    async insert(tenant: Insertable<TenantsTable>): Promise<void> {
      await data.query().insertInto('tenants').values(tenant).execute();
    },
  };
}

export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
