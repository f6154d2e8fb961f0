import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { AppDataContext } from '../../../db/database.js';
import type { SortOrder } from '../../../platform/data/list-sorting.js';
import type { IdentityRolesTable } from '../identity.tables.js';

export type IdentityRoleRow = Selectable<IdentityRolesTable>;

export const roleSortKeys = ['name', 'isDefault', 'isPublic', 'isStatic'] as const;
type RoleSortKey = (typeof roleSortKeys)[number];

const sortColumns = {
  name: 'normalizedName',
  isDefault: 'isDefault',
  isPublic: 'isPublic',
  isStatic: 'isStatic',
} as const;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Roles of the current tenant. A tenant has a handful of roles, so the name filter is a plain
 * case-insensitive "contains" on the normalized name, with the escape character spelled out
 * (SQLite has no default one).
 */
export function createRolesRepository(data: AppDataContext) {
  const roles = () => data.query().selectFrom('identityRoles').selectAll();
  const nameContains = (normalizedFilter: string | undefined) =>
    sql<SqlBool>`${sql.ref('normalizedName')} like ${`%${escapeLike(normalizedFilter ?? '')}%`} escape '\\'`;
  return {
    findById: (id: string) => roles().where('id', '=', id).executeTakeFirst(),
    findByNormalizedName: (normalizedName: string) =>
      roles().where('normalizedName', '=', normalizedName).executeTakeFirst(),
    findByNormalizedNames: (normalizedNames: readonly string[]) =>
      normalizedNames.length === 0
        ? Promise.resolve([])
        : roles().where('normalizedName', 'in', normalizedNames).execute(),
    defaultRoles: () => roles().where('isDefault', '=', true).execute(),
    all: () => roles().orderBy('normalizedName').execute(),

    list(query: {
      normalizedFilter: string | undefined;
      sort: SortOrder<RoleSortKey>;
      skipCount: number;
      maxResultCount: number;
    }): Promise<IdentityRoleRow[]> {
      return roles()
        .$if(Boolean(query.normalizedFilter), (q) => q.where(nameContains(query.normalizedFilter)))
        .orderBy(sortColumns[query.sort.key], query.sort.direction)
        .orderBy('normalizedName')
        .limit(query.maxResultCount)
        .offset(query.skipCount)
        .execute();
    },

    async count(normalizedFilter: string | undefined): Promise<number> {
      const row = await data
        .query()
        .selectFrom('identityRoles')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .$if(Boolean(normalizedFilter), (q) => q.where(nameContains(normalizedFilter)))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(role: Insertable<IdentityRolesTable>): Promise<void> {
      await data.query().insertInto('identityRoles').values(role).execute();
    },

    /** Updates when the stamp still matches; false means someone saved in between. */
    async update(
      id: string,
      expectedStamp: string,
      changes: Updateable<IdentityRolesTable>,
    ): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('identityRoles')
        .set(changes)
        .where('id', '=', id)
        .where('concurrencyStamp', '=', expectedStamp)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the role and its claims (user links are the users repository's). */
    async delete(id: string): Promise<void> {
      await data.query().deleteFrom('identityRoleClaims').where('roleId', '=', id).execute();
      await data.query().deleteFrom('identityRoles').where('id', '=', id).execute();
    },

    /**
     * Serializes changes to a role's membership on PostgreSQL (a row lock held to the end of the
     * transaction), so two requests cannot each remove one of the last two administrators.
     * SQLite runs one write transaction at a time already.
     */
    async lockForMembershipChange(id: string): Promise<void> {
      if (data.dialect !== 'postgres') return;
      await data
        .query()
        .selectFrom('identityRoles')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .execute();
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
