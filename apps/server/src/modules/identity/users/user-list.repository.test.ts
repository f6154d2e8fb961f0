import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../test/create-test-services.js';
import { testDialect } from '../../../../test/test-database.js';
import { newUserRow } from '../../../../test/user-rows.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { withinTenant } from '../../../platform/data/data-scope.js';
import { parseSorting } from '../../../platform/data/list-sorting.js';
import type { Services } from '../../../services.js';
import { createUserCounts } from './user-counts.js';
import {
  createUserListRepository,
  type UserPageQuery,
  userSortKeys,
} from './user-list.repository.js';
import { createUserListService, type GramChoice } from './user-list.service.js';
import { searchTermsOf } from './user-search.js';

const TENANT = '00000000-0000-4000-8000-00000000c0de';
const OTHER = '00000000-0000-4000-8000-00000000beef';
/** TENANT's roles: "editor" has every seventh user (u0, u7, …), "reader" all but a few. */
const EDITOR = crypto.randomUUID();
const READER = crypto.randomUUID();
let services: Services;
let close: () => Promise<void>;

const user = (userName: string, name: string, surname: string) =>
  newUserRow(userName, { email: `${userName}@corp.example`, name, surname, phoneNumber: null });

beforeAll(async () => {
  ({ services, close } = await createTestServices());
  const given = ['Ana', 'Bruno', 'Carmen', 'Diego'];
  const family = ['Garza', 'Hernández', 'Iglesias'];
  const role = (id: string, name: string) => ({
    id,
    name,
    normalizedName: normalize(name),
    concurrencyStamp: newConcurrencyStamp(),
    creationTime: creationAudit().creationTime,
  });
  await withinTenant(TENANT, async () => {
    await services.roles.insert(role(EDITOR, 'editor'));
    await services.roles.insert(role(READER, 'reader'));
  });
  for (let i = 0; i < 120; i++) {
    const row = user(`u${i}`, given[i % 4] ?? '', family[i % 3] ?? '');
    await withinTenant(TENANT, async () => {
      await services.users.insert(row);
      if (i % 7 === 0) await services.users.addToRole(row.id, EDITOR);
      if (i % 40 !== 1) await services.users.addToRole(row.id, READER);
    });
  }
  // The same names in another tenant and in the host: never counted nor listed in the first.
  for (let i = 0; i < 30; i++) {
    await withinTenant(OTHER, () => services.users.insert(user(`u${i}`, 'Ana', 'Garza')));
  }
  for (let i = 0; i < 5; i++) {
    await withinTenant(null, () => services.users.insert(user(`host${i}`, 'Ana', 'Garza')));
  }
});
afterAll(() => close());

/** Every trigram of the filter's words, or none (walk the sort index). */
const gramsOf = (filter: string) =>
  searchTermsOf(filter).flatMap((term) =>
    Array.from({ length: Math.max(0, term.length - 2) }, (_, i) => term.slice(i, i + 3)),
  );
const query = (filter: string, throughIndex: boolean): UserPageQuery => ({
  terms: searchTermsOf(filter),
  indexGrams: throughIndex ? gramsOf(filter) : [],
  sort: { key: 'userName', direction: 'asc' },
  skipCount: 0,
  maxResultCount: 1000,
});

/**
 * A list service whose statistics are its own (caches named after `name`) and which records the
 * page queries it runs.
 */
function recordingService(name: string) {
  const list = createUserListRepository(services.data);
  const asked: UserPageQuery[] = [];
  const service = createUserListService({
    list: {
      ...list,
      page(q: UserPageQuery) {
        asked.push(q);
        return list.page(q);
      },
    },
    counts: createUserCounts(services.cacheHub),
    gramFrequencies: services.cacheHub.create<number>(`${name}-grams`),
    gramChoices: services.cacheHub.create<GramChoice>(`${name}-gram-choices`),
  });
  return { service, asked };
}

describe('users list repository', () => {
  it.each(['ana', 'hernandez', 'u1', 'u11', 'carmen iglesias', 'corp.example', 'xyz', 'ández u5'])(
    'finds the same users for %j through the trigram index as by scanning',
    async (filter) => {
      const list = createUserListRepository(services.data);
      const [indexed, scanned, count] = await withinTenant(TENANT, () =>
        Promise.all([
          list.page(query(filter, true)),
          list.page(query(filter, false)),
          list.count(searchTermsOf(filter), gramsOf(filter).slice(-2)),
        ]),
      );
      expect(indexed.map((row) => row.id)).toEqual(scanned.map((row) => row.id));
      expect(count).toBe(scanned.length);
      expect(indexed.every((row) => row.tenantId === TENANT)).toBe(true);
    },
  );

  it("finds the host's users (no tenant) through the trigram index, and no tenant's", async () => {
    const list = createUserListRepository(services.data);
    const [indexed, scanned] = await withinTenant(null, () =>
      Promise.all([list.page(query('garza', true)), list.page(query('garza', false))]),
    );
    expect(indexed.map((row) => row.userName)).toEqual(
      expect.arrayContaining(['host0', 'host1', 'host2', 'host3', 'host4']),
    );
    expect(indexed.map((row) => row.id)).toEqual(scanned.map((row) => row.id));
    expect(indexed.every((row) => row.tenantId === null)).toBe(true);
  });

  it.each([
    { key: 'userName', direction: 'asc' },
    { key: 'surname', direction: 'desc' },
    { key: 'creationTime', direction: 'asc' },
  ] as const)(
    'reads a deep page (ids first, then rows) as the rows at that offset: %j',
    async (sort) => {
      const list = createUserListRepository(services.data);
      const all = { ...query('', false), sort };
      const [everyone, deep] = await withinTenant(TENANT, () =>
        Promise.all([list.page(all), list.page({ ...all, skipCount: 105, maxResultCount: 10 })]),
      );
      expect(everyone).toHaveLength(120);
      expect(deep).toEqual(everyone.slice(105, 115));
      expect(deep).toHaveLength(10);
    },
  );

  it.each([
    { sorting: 'userName', filter: '' },
    { sorting: 'surname desc', filter: '' },
    // Every phone number is null: the order is the ids', turned round with the sort.
    { sorting: 'phoneNumber', filter: '' },
    { sorting: 'creationTime desc', filter: 'ana', roleId: READER },
    { sorting: 'email desc', filter: 'u1' },
  ])(
    'reads each page of the back half from the end, with the rows of reading forward: %j',
    async ({ sorting, filter, roleId }) => {
      const list = createUserListRepository(services.data);
      const { service, asked } = recordingService('test-from-end');
      const sort = parseSorting(sorting, userSortKeys, 'userName');
      const forward = { ...query(filter, false), sort, roleId };
      const everyone = await withinTenant(TENANT, () => list.page(forward));
      expect(everyone.length).toBeGreaterThan(14);
      // Pages of 7: the last one is shorter unless the total is a multiple of 7.
      for (let skipCount = 0; skipCount < everyone.length; skipCount += 7) {
        const page = await withinTenant(TENANT, () =>
          service.page({ filter, sorting, roleId, skipCount, maxResultCount: 7 }),
        );
        expect(page.totalCount).toBe(everyone.length);
        expect(page.rows).toEqual(everyone.slice(skipCount, skipCount + 7));
        const read = asked.at(-1);
        const fromEnd = skipCount > everyone.length - skipCount - 7;
        expect(read?.sort.direction === sort.direction).toBe(!fromEnd);
        expect(read?.skipCount).toBe(
          fromEnd ? Math.max(0, everyone.length - skipCount - 7) : skipCount,
        );
      }
    },
  );

  /** Whether a user of the seed is in the role (see EDITOR and READER). */
  const isMember = (roleId: string, userName: string) => {
    const i = Number(/^u(\d+)$/.exec(userName)?.[1] ?? Number.NaN);
    return roleId === EDITOR ? i % 7 === 0 : i % 40 !== 1 && !Number.isNaN(i);
  };

  it.each(['', 'ana', 'u1', 'garza u7', 'xyz'])(
    'finds the same members of a role for %j reading its members first, testing each user, or through the trigram index',
    async (filter) => {
      const list = createUserListRepository(services.data);
      for (const roleId of [EDITOR, READER]) {
        const ways: UserPageQuery[] = [
          { ...query(filter, false), roleId, throughRole: true },
          { ...query(filter, false), roleId },
          ...(filter ? [{ ...query(filter, true), roleId }] : []),
        ];
        const [matching, ...pages] = await withinTenant(TENANT, () =>
          Promise.all([list.page(query(filter, false)), ...ways.map((way) => list.page(way))]),
        );
        const members = (matching ?? []).filter((row) => isMember(roleId, row.userName));
        for (const page of pages)
          expect(page.map((row) => row.id)).toEqual(members.map((row) => row.id));
        const terms = searchTermsOf(filter);
        const counts = await withinTenant(TENANT, () =>
          Promise.all([
            list.count(terms, [], { roleId, throughRole: true }),
            list.count(terms, [], { roleId }),
            list.count(terms, gramsOf(filter).slice(-2), { roleId }),
          ]),
        );
        expect(counts).toEqual([members.length, members.length, members.length]);
      }
      expect(await withinTenant(OTHER, () => list.count([], [], { roleId: EDITOR }))).toBe(0);
    },
  );

  it.each([
    { key: 'userName', direction: 'asc' },
    { key: 'surname', direction: 'desc' },
  ] as const)("reads a deep page of a role's members (ids first, then rows): %j", async (sort) => {
    const list = createUserListRepository(services.data);
    const all = { ...query('', false), sort, roleId: READER };
    const [members, deep, tested] = await withinTenant(TENANT, () =>
      Promise.all([
        list.page(all),
        list.page({ ...all, throughRole: true, skipCount: 105, maxResultCount: 10 }),
        list.page({ ...all, skipCount: 105, maxResultCount: 10 }),
      ]),
    );
    expect(members).toHaveLength(117);
    expect(deep).toEqual(members.slice(105, 115));
    expect(tested).toEqual(deep);
  });

  it("reads a small role's members first, with the words tested on each", async () => {
    const { service, asked } = recordingService('test-role-grams');
    const editors = (filter?: string) =>
      withinTenant(TENANT, () =>
        service.page({ filter, roleId: EDITOR, skipCount: 0, maxResultCount: 5 }),
      );
    const first = await editors();
    expect(first.totalCount).toBe(18);
    expect(first.rows.map((row) => row.userName)).toEqual(['u0', 'u105', 'u112', 'u119', 'u14']);
    expect(asked.at(-1)).toMatchObject({ roleId: EDITOR, throughRole: true, indexGrams: [] });
    expect((await editors('u7')).rows.map((row) => row.userName)).toEqual(['u7', 'u70', 'u77']);
  });

  it("totals a role's members again when its members change", async () => {
    const editors = async () =>
      JSON.parse(
        await withinTenant(TENANT, () =>
          services.identity.userQueries.getListJson({
            roleId: EDITOR,
            skipCount: 0,
            maxResultCount: 5,
          }),
        ),
      ).totalCount;
    expect(await editors()).toBe(18);
    const list = createUserListRepository(services.data);
    const [u1] = await withinTenant(TENANT, () => list.page(query('u1@', true)));
    await withinTenant(TENANT, () => services.users.setRoles(u1?.id ?? '', [EDITOR]));
    expect(await editors()).toBe(19);
    await withinTenant(TENANT, () => services.users.removeRoleLinksOf(u1?.id ?? ''));
    expect(await editors()).toBe(18);
  });

  it('counts only the current tenant, and drops cached totals when users change', async () => {
    const count = (filter: string) =>
      withinTenant(TENANT, () => services.identity.userQueries.lookup.count(filter));
    expect(await count('ana garza')).toBe(10);
    expect(
      await withinTenant(OTHER, () => services.identity.userQueries.lookup.count('ana garza')),
    ).toBe(30);
    const extra = user('late', 'Ana', 'Garza');
    await withinTenant(TENANT, () => services.users.insert(extra));
    expect(await count('ana garza')).toBe(11);
    await withinTenant(TENANT, () =>
      services.users.update(extra.id, extra.concurrencyStamp, {
        surname: 'Ruiz',
        concurrencyStamp: 'renamed',
      }),
    );
    expect(await count('ana garza')).toBe(10);
    await withinTenant(TENANT, () => services.users.softDelete(extra.id));
    expect(await count('ana ruiz')).toBe(0);
  });

  it('keeps search text in step with every field, through any update', async () => {
    const row = user('stepper', 'Old', 'Name');
    await withinTenant(TENANT, () => services.users.insert(row));
    await withinTenant(TENANT, () =>
      services.users.update(row.id, row.concurrencyStamp, {
        phoneNumber: '+1 555 0199',
        concurrencyStamp: 's2',
      }),
    );
    const list = createUserListRepository(services.data);
    const found = await withinTenant(TENANT, () => list.page(query('5550199 old', true)));
    expect(found.map((match) => match.userName)).toEqual([]);
    const withSpace = await withinTenant(TENANT, () => list.page(query('555 0199', true)));
    expect(withSpace.map((match) => match.userName)).toEqual(['stepper']);
    const stored = await withinTenant(TENANT, () => services.users.findById(row.id));
    expect(stored?.searchText).toBe('STEPPER\nSTEPPER@CORP.EXAMPLE\nOLD\nNAME\n+1 555 0199');
  });

  it('inserts a batch with each row searchable, and drops the cached totals', async () => {
    const count = (filter: string) =>
      withinTenant(TENANT, () => services.identity.userQueries.lookup.count(filter));
    expect(await count('batched')).toBe(0);
    const batch = [user('batched1', 'José', 'Núñez'), user('batched2', 'Inés', 'Peña')];
    await withinTenant(TENANT, () => services.users.insertMany(batch));
    expect(await count('batched')).toBe(2);
    expect(await count('jose nunez')).toBe(1);
    const stored = await withinTenant(TENANT, () => services.users.findById(batch[1]?.id ?? ''));
    expect(stored?.searchText).toBe('BATCHED2\nBATCHED2@CORP.EXAMPLE\nINES\nPENA\n');
    expect(stored?.tenantId).toBe(TENANT);
  });

  it("scans a small tenant rather than read other tenants' index entries for a common trigram", async () => {
    const { service, asked } = recordingService('test-gram-postings');
    const input = { filter: 'corp', skipCount: 0, maxResultCount: 50 };
    // OTHER has 30 users; every user of both tenants has "CORP" in the e-mail.
    const small = await withinTenant(OTHER, () => service.page(input));
    expect(small.totalCount).toBe(30);
    expect(asked.at(-1)?.indexGrams).toEqual([]);
    const rare = await withinTenant(TENANT, () => service.page({ ...input, filter: 'u119' }));
    expect(rare.rows.map((row) => row.userName)).toEqual(['u119']);
    expect(asked.at(-1)?.indexGrams.length).toBeGreaterThan(0);
  });

  it('reads a rare trigram alone, and a common one with its next rarest', async () => {
    const { service, asked } = recordingService('test-gram-rarity');
    const input = { skipCount: 0, maxResultCount: 50 };
    // "119" is u119's alone and "19@" u19's and u119's; every trigram of "hernandez" is in the
    // 40 Hernández of the tenant.
    const rare = await withinTenant(TENANT, () => service.page({ ...input, filter: 'u119@' }));
    expect(rare.rows.map((row) => row.userName)).toEqual(['u119']);
    expect(asked.at(-1)?.indexGrams).toEqual(['119']);
    const common = await withinTenant(TENANT, () =>
      service.page({ ...input, filter: 'hernandez' }),
    );
    expect(common.totalCount).toBe(40);
    expect(asked.at(-1)?.indexGrams).toHaveLength(2);
  });

  it("keeps each tenant's trigram choice for a filter instead of weighing the trigrams again", async () => {
    const frequencies = services.cacheHub.create<number>('test-gram-lookups');
    const looked: string[] = [];
    const service = createUserListService({
      list: createUserListRepository(services.data),
      counts: createUserCounts(services.cacheHub),
      gramFrequencies: {
        ...frequencies,
        get(key) {
          looked.push(key);
          return frequencies.get(key);
        },
      },
      gramChoices: services.cacheHub.create<GramChoice>('test-gram-choices-kept'),
    });
    const input = { filter: 'u119', skipCount: 0, maxResultCount: 10 };
    const first = await withinTenant(TENANT, () => service.page(input));
    expect(looked.length).toBeGreaterThan(0);
    looked.length = 0;
    const again = await withinTenant(TENANT, () => service.page(input));
    expect(again).toEqual(first);
    expect(looked).toEqual([]);
    await withinTenant(OTHER, () => service.page(input));
    expect(looked.every((key) => key.startsWith(`${OTHER}|`))).toBe(true);
    expect(looked.length).toBeGreaterThan(0);
  });

  it.runIf(testDialect() === 'postgres')(
    'gives a trigram search no tenant index to read, so one plan fits every tenant (PostgreSQL)',
    async () => {
      /** What the indexes of a plan made without values (as the list's are) are asked for. */
      const indexConditionsOf = (relation: 'identity_users' | 'identity_user_search_matches') =>
        // `set local`: the pool's connection goes back as it was (postgres-query.ts tracks its mode).
        services.data.db.transaction().execute(async (db) => {
          await sql`set local plan_cache_mode = force_generic_plan`.execute(db);
          // No full scan: this table is tiny, and the planner would rather read all of it.
          await sql`set local enable_seqscan = off`.execute(db);
          await sql`prepare trigram_search(text, text) as
            select id from ${sql.table(relation)}
            where search_text like $1 and tenant_id = $2 and is_deleted = false`.execute(db);
          try {
            const { rows } = await sql`explain (format json)
              execute trigram_search('%ANA%', ${sql.lit(TENANT)})`.execute(db);
            return [...JSON.stringify(rows).matchAll(/"Index Cond":"([^"]*)"/g)].map((m) => m[1]);
          } finally {
            await sql`deallocate trigram_search`.execute(db);
          }
        });
      // The table's plan reads a tenant index: for a 100 000-user tenant, all of its entries.
      expect((await indexConditionsOf('identity_users')).join()).toContain('tenant_id');
      expect((await indexConditionsOf('identity_user_search_matches')).join()).not.toContain(
        'tenant_id',
      );
    },
  );
});
