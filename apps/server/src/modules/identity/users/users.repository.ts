import { type Insertable, sql, type Updateable } from 'kysely';
import type { AppDataContext } from '../../../db/database.js';
import {
  deletionAudit,
  modificationAudit,
  newConcurrencyStamp,
} from '../../../platform/data/audit.js';
import { currentDataScope } from '../../../platform/data/data-scope.js';
import { createPreparedQueries } from '../../../platform/data/prepared-query.js';
import type { IdentityUsersTable } from '../identity.tables.js';
import type { IdentityRoleRow } from '../roles/roles.repository.js';
import { searchableFields, searchTextOf } from './user-search.js';

/** `searchText` is derived here from the other fields, never given by a caller. */
type NewIdentityUser = Omit<Insertable<IdentityUsersTable>, 'searchText'>;
type IdentityUserChanges = Omit<Updateable<IdentityUsersTable>, 'searchText'>;

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Users of the current tenant and their role links; the data filters add the tenant and hide
 * soft-deleted rows. Every write goes through here, so this is where `searchText` is kept in
 * step and where the list is told that its cached counts are stale (`onListChanged`): its
 * totals count users by their words and by their roles.
 */
export function createUsersRepository(
  data: AppDataContext,
  options: { onListChanged?: (tenantId: string | null) => Promise<void> } = {},
) {
  const users = () => data.query().selectFrom('identityUsers').selectAll();
  const listChanged = () => {
    const { onListChanged } = options;
    if (!onListChanged) return Promise.resolve();
    const tenantId = currentDataScope()?.tenantId ?? null;
    // One notice a commit, however many users and role links it wrote.
    return data.afterCommit(() => onListChanged(tenantId), `identity-user-list|${tenantId}`);
  };
  const findById = (id: string) => users().where('id', '=', id).executeTakeFirst();
  // Every sign-in looks its user up: a prepared shape (decision 008), so the select is not
  // rebuilt, walked by the plugins and compiled each time.
  const prepared = createPreparedQueries(data);
  const findBy = async (column: 'normalizedUserName' | 'normalizedEmail', value: string) => {
    const [user] = await prepared.execute(`users.by|${column}`, { value }, (db, p) =>
      db.selectFrom('identityUsers').selectAll().where(column, '=', p.value).limit(1),
    );
    return user;
  };

  /** Adds the recomputed `searchText` when a searchable field changes. */
  async function withSearchText(id: string, changes: IdentityUserChanges) {
    const given = definedOnly(changes);
    if (!searchableFields.some((field) => field in given)) return changes;
    const current = await findById(id);
    if (!current) return changes;
    return { ...changes, searchText: searchTextOf({ ...current, ...given }) };
  }

  // What the list filters on: its words, deletion, and the states (lockout only where it is
  // set or cleared: a failed sign-in short of a lockout changes the list in nothing).
  const affectsList = (changes: IdentityUserChanges) =>
    [...searchableFields, 'isDeleted', 'isActive', 'lockoutEnd'].some(
      (field) => field in definedOnly(changes),
    );

  const rolesOf = (userId: string): Promise<IdentityRoleRow[]> =>
    data
      .query()
      .selectFrom('identityUserRoles as ur')
      .innerJoin('identityRoles as r', 'r.id', 'ur.roleId')
      .selectAll('r')
      .where('ur.userId', '=', userId)
      .orderBy('r.normalizedName')
      .execute();

  async function addToRole(userId: string, roleId: string): Promise<void> {
    await data
      .query()
      .insertInto('identityUserRoles')
      .values({ userId, roleId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await listChanged();
  }

  return {
    findById,
    findByNormalizedUserName: (normalizedUserName: string) =>
      findBy('normalizedUserName', normalizedUserName),
    findByNormalizedEmail: (normalizedEmail: string) => findBy('normalizedEmail', normalizedEmail),

    async insert(user: NewIdentityUser): Promise<void> {
      await data
        .query()
        .insertInto('identityUsers')
        .values({ ...user, searchText: searchTextOf(user) })
        .execute();
      await listChanged();
    },

    /**
     * Many users of the current tenant in one statement (imports, seeds): each row's `searchText`
     * is derived as `insert` derives it. The caller keeps the batch within the engine's limit on
     * bound parameters (about 20 a row; SQLite allows 32 766, PostgreSQL 65 535).
     */
    async insertMany(batch: readonly NewIdentityUser[]): Promise<void> {
      if (batch.length === 0) return;
      await data
        .query()
        .insertInto('identityUsers')
        .values(batch.map((user) => ({ ...user, searchText: searchTextOf(user) })))
        .execute();
      await listChanged();
    },

    /** Updates when the stamp still matches; false means someone saved in between (or no such user). */
    async update(
      id: string,
      expectedStamp: string,
      changes: IdentityUserChanges,
    ): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('identityUsers')
        .set(await withSearchText(id, changes))
        .where('id', '=', id)
        .where('concurrencyStamp', '=', expectedStamp)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (affectsList(changes)) await listChanged();
      return true;
    },

    /**
     * The same password's hash made again (sign-in.service.ts): only while the stored hash is
     * still `stored`, so a password changed meanwhile stays changed; no stamp changes.
     */
    async replacePasswordHash(id: string, stored: string, passwordHash: string): Promise<void> {
      await data
        .query()
        .updateTable('identityUsers')
        .set({ passwordHash })
        .where('id', '=', id)
        .where('passwordHash', '=', stored)
        .execute();
    },

    /**
     * Up to `limit` stored hashes of the current tenant that argon2id did not make (ASP.NET
     * Identity's, taken over from ABP): the slow kinds the sign-in's census times
     * (password-hash-census.ts). The literal pattern is the predicate of the partial index
     * `ix_identity_users_foreign_password_hashes`, which holds only such users.
     */
    async foreignPasswordHashes(limit: number): Promise<string[]> {
      const rows = await data
        .query()
        .selectFrom('identityUsers')
        .select('passwordHash')
        .where(sql<boolean>`${sql.ref('passwordHash')} not like ${sql.lit('$argon2id$%')}`)
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.passwordHash ? [row.passwordHash] : []));
    },

    /** Sets bookkeeping fields whatever the stamp (unlock); a new stamp tells editors it changed. */
    async setLockout(
      id: string,
      changes: { lockoutEnd: string | null; accessFailedCount: number },
    ) {
      const result = await data
        .query()
        .updateTable('identityUsers')
        .set({ ...changes, concurrencyStamp: newConcurrencyStamp(), ...modificationAudit() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await listChanged();
      return true;
    },

    /** ABP's soft delete: the row stays with its deletion audit; its name and e-mail become free. */
    async softDelete(id: string): Promise<boolean> {
      const result = await data
        .query()
        .updateTable('identityUsers')
        .set({ ...deletionAudit(), concurrencyStamp: newConcurrencyStamp() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await listChanged();
      return true;
    },

    async roleNamesOf(userId: string): Promise<string[]> {
      return (await rolesOf(userId)).map((role) => role.name);
    },
    rolesOf,
    addToRole,

    /** Makes the user's roles exactly `roleIds`. */
    async setRoles(userId: string, roleIds: readonly string[]): Promise<void> {
      let removal = data.query().deleteFrom('identityUserRoles').where('userId', '=', userId);
      if (roleIds.length > 0) removal = removal.where('roleId', 'not in', roleIds);
      await removal.execute();
      await listChanged();
      for (const roleId of roleIds) await addToRole(userId, roleId);
    },

    async userIdsInRole(roleId: string): Promise<string[]> {
      const rows = await data
        .query()
        .selectFrom('identityUserRoles')
        .select('userId')
        .where('roleId', '=', roleId)
        .execute();
      return rows.map((row) => row.userId);
    },

    /** Active, undeleted members of a role other than `exceptUserId` (the last-administrator rule). */
    async countOtherActiveMembers(roleId: string, exceptUserId: string): Promise<number> {
      const row = await data
        .query()
        .selectFrom('identityUserRoles as ur')
        .innerJoin('identityUsers as u', 'u.id', 'ur.userId')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('ur.roleId', '=', roleId)
        .where('u.isActive', '=', true)
        .where('u.id', '<>', exceptUserId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async removeRoleLinksOf(userId: string): Promise<void> {
      await data.query().deleteFrom('identityUserRoles').where('userId', '=', userId).execute();
      await listChanged();
    },

    async removeRoleLinksTo(roleId: string): Promise<void> {
      await data.query().deleteFrom('identityUserRoles').where('roleId', '=', roleId).execute();
      await listChanged();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
