import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppDataContext } from '../../../db/database.js';
import type { IdentityUsersTable } from '../identity.tables.js';

export type IdentityUserRow = Selectable<IdentityUsersTable>;

/** Users of the current tenant; the data filters add the tenant and hide soft-deleted rows. */
export function createUsersRepository(data: AppDataContext) {
  const users = () => data.query().selectFrom('identityUsers').selectAll();
  return {
    findById: (id: string) => users().where('id', '=', id).executeTakeFirst(),
    findByNormalizedUserName: (normalizedUserName: string) =>
      users().where('normalizedUserName', '=', normalizedUserName).executeTakeFirst(),
    findByNormalizedEmail: (normalizedEmail: string) =>
      users().where('normalizedEmail', '=', normalizedEmail).executeTakeFirst(),
    async insert(user: Insertable<IdentityUsersTable>): Promise<void> {
      await data.query().insertInto('identityUsers').values(user).execute();
    },
    /** Updates when the stamp still matches; false means someone saved in between (or no such user). */
    async update(
      id: string,
      expectedStamp: string,
      changes: Updateable<IdentityUsersTable>,
    ): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('identityUsers')
        .set(changes)
        .where('id', '=', id)
        .where('concurrencyStamp', '=', expectedStamp)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async roleNamesOf(userId: string): Promise<string[]> {
      const rows = await data
        .query()
        .selectFrom('identityUserRoles as ur')
        .innerJoin('identityRoles as r', 'r.id', 'ur.roleId')
        .select('r.name')
        .where('ur.userId', '=', userId)
        .orderBy('r.name')
        .execute();
      return rows.map((row) => row.name);
    },
    async addToRole(userId: string, roleId: string): Promise<void> {
      await data
        .query()
        .insertInto('identityUserRoles')
        .values({ userId, roleId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
