import type { Insertable, Selectable } from 'kysely';
import type { AppDataContext } from '../../../db/database.js';
import type { IdentityRolesTable } from '../identity.tables.js';

export type IdentityRoleRow = Selectable<IdentityRolesTable>;

/** Roles of the current tenant. */
export function createRolesRepository(data: AppDataContext) {
  const roles = () => data.query().selectFrom('identityRoles').selectAll();
  return {
    findById: (id: string) => roles().where('id', '=', id).executeTakeFirst(),
    findByNormalizedName: (normalizedName: string) =>
      roles().where('normalizedName', '=', normalizedName).executeTakeFirst(),
    defaultRoles: () => roles().where('isDefault', '=', true).execute(),
    async insert(role: Insertable<IdentityRolesTable>): Promise<void> {
      await data.query().insertInto('identityRoles').values(role).execute();
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
