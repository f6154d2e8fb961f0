import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../test/create-test-services.js';
import { newUserRow } from '../../../../test/user-rows.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { withinTenant } from '../../../platform/data/data-scope.js';
import type { Services } from '../../../services.js';
import { createUserCounts } from './user-counts.js';
import {
  createUserListRepository,
  type ListedUser,
  type UserPageQuery,
} from './user-list.repository.js';
import { createUserListService, type GramChoice } from './user-list.service.js';
import { searchTermsOf } from './user-search.js';

const TENANT = '00000000-0000-4000-8000-0000000057a7';
const OTHER = '00000000-0000-4000-8000-00000000057b';
/** A tenant of 130 users, every one inactive and locked out: deep pages of each state. */
const CROWD = '00000000-0000-4000-8000-00000000057c';
/** TENANT's role "editor": every third user. */
const EDITOR = crypto.randomUUID();
// Now, not a fixed date: the service's `page` judges lockout at the time of the call.
const NOW = new Date();
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

/**
 * The seed's states by number: inactive every ninth; locked out until an hour after NOW every
 * fifth (u5 with lockout disabled: never locked out); a lockout that ran out an hour before NOW
 * every seventh, kept until a sign-in or an unlock clears it.
 */
const seed = (i: number) => ({
  isActive: i % 9 !== 0,
  lockoutEnabled: i !== 5,
  lockoutEnd: i % 5 === 0 ? hoursFromNow(1) : i % 7 === 0 ? hoursFromNow(-1) : null,
});
const isLockedOutAt = (row: Pick<ListedUser, 'lockoutEnabled' | 'lockoutEnd'>, at: Date) =>
  row.lockoutEnabled && row.lockoutEnd !== null && new Date(row.lockoutEnd) > at;

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
  await withinTenant(TENANT, () =>
    services.roles.insert({
      id: EDITOR,
      name: 'editor',
      normalizedName: normalize('editor'),
      concurrencyStamp: newConcurrencyStamp(),
      creationTime: creationAudit().creationTime,
    }),
  );
  const given = ['Ana', 'Bruno', 'Carmen'];
  for (let i = 0; i < 60; i++) {
    const row = newUserRow(`u${i}`, { name: given[i % 3] ?? '', surname: 'Garza', ...seed(i) });
    await withinTenant(TENANT, async () => {
      await services.users.insert(row);
      if (i % 3 === 0) await services.users.addToRole(row.id, EDITOR);
    });
  }
  // Inactive and locked-out users of another tenant: never counted nor listed in the first.
  for (let i = 0; i < 10; i++) {
    const row = newUserRow(`u${i}`, { isActive: false, lockoutEnd: hoursFromNow(1) });
    await withinTenant(OTHER, () => services.users.insert(row));
  }
  const crowd = Array.from({ length: 130 }, (_, i) =>
    newUserRow(`c${i}`, { surname: `S${i % 17}`, isActive: false, lockoutEnd: hoursFromNow(1) }),
  );
  await withinTenant(CROWD, () => services.users.insertMany(crowd));
});
afterAll(() => close());

/** A list service with statistics of its own (a fresh cache for each). */
const serviceOf = (list: ReturnType<typeof createUserListRepository>) => {
  const name = crypto.randomUUID();
  return createUserListService({
    list,
    counts: createUserCounts(services.cacheHub),
    gramFrequencies: services.cacheHub.create<number>(`${name}-grams`),
    gramChoices: services.cacheHub.create<GramChoice>(`${name}-gram-choices`),
  });
};

const states = [undefined, true, false];
const filters = ['', 'ana', 'u1'];

/** What the words are looked for in (no accents in this seed to fold). */
const searchTextOf = (row: ListedUser) =>
  [row.userName, row.email, row.name, row.surname].join('\n').toUpperCase();

/** Every combination of words, role and states, with the users it should list, sorted by name. */
async function cases() {
  const list = createUserListRepository(services.data);
  const base: UserPageQuery = {
    terms: [],
    indexGrams: [],
    sort: { key: 'userName', direction: 'asc' },
    skipCount: 0,
    maxResultCount: 1000,
  };
  const everyone = await withinTenant(TENANT, () => list.page(base));
  return filters.flatMap((filter) =>
    [undefined, EDITOR].flatMap((roleId) =>
      states.flatMap((notActive) =>
        states.map((isLockedOut) => {
          const terms = searchTermsOf(filter);
          const expected = everyone.filter(
            (row) =>
              terms.every((term) => searchTextOf(row).includes(term)) &&
              (roleId === undefined || Number(row.userName.slice(1)) % 3 === 0) &&
              (notActive === undefined || row.isActive === !notActive) &&
              (isLockedOut === undefined || isLockedOutAt(row, NOW) === isLockedOut),
          );
          const query: UserPageQuery = {
            ...base,
            terms,
            roleId,
            notActive,
            isLockedOut,
            lockedAt: NOW.toISOString(),
          };
          return { filter, query, expected };
        }),
      ),
    ),
  );
}

/**
 * The ways a query can be read: each gives the same users. A state's partial index holds only
 * the rare side (inactive users, users with a lockout end), so it is a way in for that side only.
 */
function waysOf(query: UserPageQuery, filter: string): UserPageQuery[] {
  const grams = searchTermsOf(filter).flatMap((term) =>
    Array.from({ length: Math.max(0, term.length - 2) }, (_, i) => term.slice(i, i + 3)),
  );
  return [
    query,
    ...(grams.length > 0 ? [{ ...query, indexGrams: grams }] : []),
    ...(query.roleId ? [{ ...query, throughRole: true }] : []),
    ...(query.notActive === true ? [{ ...query, throughState: 'inactive' as const }] : []),
    ...(query.isLockedOut === true ? [{ ...query, throughState: 'lockoutEnds' as const }] : []),
  ];
}

describe('users list by state (notActive, isLockedOut)', () => {
  it('finds the same users and counts whichever way in, for every words, role and states', async () => {
    const list = createUserListRepository(services.data);
    const all = await cases();
    expect(all.some((c) => c.query.isLockedOut && c.expected.length > 0)).toBe(true);
    expect(all.some((c) => c.query.notActive && c.expected.length > 0)).toBe(true);
    for (const { filter, query, expected } of all) {
      const ids = expected.map((row) => row.id);
      for (const way of waysOf(query, filter)) {
        const [page, count] = await withinTenant(TENANT, () =>
          Promise.all([list.page(way), list.count(way.terms, way.indexGrams, way)]),
        );
        const label = JSON.stringify({ ...way, sort: undefined });
        expect(
          page.map((row) => row.id),
          label,
        ).toEqual(ids);
        expect(count, label).toBe(ids.length);
      }
    }
  });

  it('reads few inactive or locked-out users first, and walks the sort index for the many', async () => {
    const list = createUserListRepository(services.data);
    const asked: UserPageQuery[] = [];
    const service = serviceOf({
      ...list,
      page(query: UserPageQuery) {
        asked.push(query);
        return list.page(query);
      },
    });
    const page = (input: { notActive?: boolean; isLockedOut?: boolean; roleId?: string }) =>
      withinTenant(TENANT, () => service.page({ ...input, skipCount: 0, maxResultCount: 5 }));
    // Seven inactive users, nineteen with a lockout end (twelve of them locked out now).
    expect((await page({ notActive: true })).totalCount).toBe(7);
    expect(asked.at(-1)?.throughState).toBe('inactive');
    // Every inactive user is an editor (multiples of nine are multiples of three).
    expect((await page({ notActive: true, roleId: EDITOR })).totalCount).toBe(7);
    expect(asked.at(-1)).toMatchObject({ throughState: 'inactive', throughRole: false });
    expect((await page({ isLockedOut: true })).totalCount).toBe(11);
    expect(asked.at(-1)?.throughState).toBe('lockoutEnds');
    expect((await page({ notActive: false, isLockedOut: false })).totalCount).toBe(60 - 7 - 11 + 2);
    expect(asked.at(-1)?.throughState).toBeUndefined();
  });

  it('judges lockout at the time of the request, so a lockout that runs out leaves the list', async () => {
    const service = serviceOf(createUserListRepository(services.data));
    const totalAt = async (isLockedOut: boolean, at: Date) =>
      (
        await withinTenant(TENANT, () =>
          service.pageJson({ isLockedOut, skipCount: 0, maxResultCount: 5 }, at),
        )
      ).totalCount;
    expect(await totalAt(true, NOW)).toBe(11);
    expect(await totalAt(false, NOW)).toBe(49);
    const later = new Date(Date.parse(hoursFromNow(2)));
    expect(await totalAt(true, later)).toBe(0);
    expect(await totalAt(false, later)).toBe(60);
  });

  it('totals the inactive users again when a user is deactivated or deleted', async () => {
    // The application's own list service: the users repository tells its totals of a change.
    const inactive = async () =>
      JSON.parse(
        await withinTenant(TENANT, () =>
          services.identity.userQueries.getListJson({
            notActive: true,
            skipCount: 0,
            maxResultCount: 5,
          }),
        ),
      ).totalCount;
    expect(await inactive()).toBe(7);
    const row = newUserRow('late', { name: 'Late', surname: 'Garza' });
    await withinTenant(TENANT, () => services.users.insert(row));
    await withinTenant(TENANT, () =>
      services.users.update(row.id, row.concurrencyStamp, {
        isActive: false,
        concurrencyStamp: 'off',
      }),
    );
    expect(await inactive()).toBe(8);
    await withinTenant(TENANT, () => services.users.softDelete(row.id));
    expect(await inactive()).toBe(7);
  });

  it.each(['inactive', 'lockoutEnds'] as const)(
    'reads a deep page through %s (ids first, then rows) as the rows at that offset',
    async (throughState) => {
      const list = createUserListRepository(services.data);
      const query: UserPageQuery = {
        terms: [],
        indexGrams: [],
        notActive: true,
        isLockedOut: true,
        lockedAt: NOW.toISOString(),
        sort: { key: 'surname', direction: 'desc' },
        skipCount: 0,
        maxResultCount: 1000,
      };
      const [all, deep] = await withinTenant(CROWD, () =>
        Promise.all([
          list.page(query),
          list.page({ ...query, throughState, skipCount: 105, maxResultCount: 10 }),
        ]),
      );
      expect(all).toHaveLength(130);
      expect(deep).toEqual(all.slice(105, 115));
    },
  );
});
