import type { GetIdentityUsersInput } from '@vineta/contracts/identity/identity-user';
import type { Cache } from '../../../platform/caching/cache.js';
import { currentDataScope } from '../../../platform/data/data-scope.js';
import { parseSorting } from '../../../platform/data/list-sorting.js';
import { inPageOrder, pageFromNearerEnd } from '../../../platform/data/page-from-nearer-end.js';
import type { UserCounts } from './user-counts.js';
import { userDtoJsonItem } from './user-dto-json.js';
import {
  type ListedUser,
  type StateFilter,
  type UserFilter,
  type UserListRepository,
  type UserPageQuery,
  userSortKeys,
} from './user-list.repository.js';
import { searchTermsOf } from './user-search.js';

/** Trigrams of one word whose frequency is looked up at most (a long paste would cost many). */
const MAX_GRAMS_WEIGHED = 12;
/**
 * A row found through the trigram index costs about this many rows walked in the sort index
 * (index lookups, a fetch and a sort, measured on SQLite): the index pays off for rarer filters.
 */
const INDEX_ROW_COST = 4;
/**
 * Up to this many matches the index is used whatever the estimate, as long as it reads no more
 * entries than the tenant has users: its cost is bounded by what it reads, while a walk's estimate
 * assumes matches spread evenly in the sort order, and when they are not (sorting by surname while
 * filtering on one) it can read the whole tenant.
 */
const ALWAYS_INDEX_UP_TO = 2_000;
/**
 * A trigram with at most this many index entries is read alone: checking that many rows costs
 * less than reading a second trigram's entries to rule some out (on SQLite a second list costs
 * what checking about eight rows does; on PostgreSQL it is a second GIN lookup and a bitmap AND).
 */
const FEW_ENOUGH_TO_CHECK = 16;

/** The trigrams to read through the index for some filter words, and their entries in all. */
export interface GramChoice {
  grams: string[];
  postings: number;
}

const trigramsOf = (term: string) => {
  const chars = [...term];
  return chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(''));
};

/**
 * The users list (ABP's `GetListAsync`) and the user lookup's search and count: filtered by every
 * word of `filter` over user name, e-mail, name, surname and phone, sorted by `sorting` (default
 * user name), paged by `skipCount` and `maxResultCount`.
 *
 * At 100 000 users in a tenant the costs are the totals and the choice of plan. Totals are cached
 * (user-counts.ts). A page in the back half of the matches is read from the end, in the opposite
 * order (page-from-nearer-end.ts), so `skip` below counts from the nearer end. A page is read
 * either by walking the sort index and testing each row, which reads about
 * (skip + size) × everyone ÷ matches rows, or through the trigram index, which reads
 * its entries for the chosen trigrams (every tenant's: the index is shared) and then the matches,
 * and sorts them: whichever costs less (see INDEX_ROW_COST). Trigram frequencies are this
 * instance's statistics, like a database planner's: they steer which trigrams the index is asked
 * for, so staleness costs speed, never correctness.
 */
export function createUserListService(deps: {
  list: UserListRepository;
  counts: UserCounts;
  gramFrequencies: Cache<number>;
  /** The trigrams chosen for a tenant's filter words (rarestGrams), kept like the frequencies. */
  gramChoices: Cache<GramChoice>;
}) {
  const { list, counts, gramFrequencies, gramChoices } = deps;

  // Keyed by tenant too: a tenant with a database of its own has an index of its own. Known
  // frequencies are answered without a promise: a filter weighs up to a dozen trigrams a request.
  const frequencyOf = (gram: string): number | Promise<number> => {
    const key = `${currentDataScope()?.tenantId ?? ''}|${gram}`;
    return gramFrequencies.get(key) ?? gramFrequencies.getOrAdd(key, () => list.gramPostings(gram));
  };

  /**
   * The trigrams to ask the index for: the rarest of each word (two trigrams of one word often
   * mean the same users: "LOP" and "OPE" are both López), then, for a single word, its next
   * rarest when that one is rare too (the index reads every trigram's whole list, so a common
   * second trigram costs more than it saves). A trigram with few entries is read alone.
   */
  async function rarestGrams(terms: readonly string[]): Promise<GramChoice> {
    const looked = terms.map((term) =>
      [...new Set(trigramsOf(term))]
        .slice(0, MAX_GRAMS_WEIGHED)
        .map((gram) => ({ gram, frequency: frequencyOf(gram) })),
    );
    // Unknown frequencies are loaded together (one query each), known ones are already numbers.
    const weighed = looked.some((grams) => grams.some((g) => typeof g.frequency !== 'number'))
      ? await Promise.all(
          looked.map((grams) =>
            Promise.all(
              grams.map(async ({ gram, frequency }) => ({ gram, frequency: await frequency })),
            ),
          ),
        )
      : (looked as { gram: string; frequency: number }[][]);
    const byRarity = weighed.map((grams) => grams.sort((a, b) => a.frequency - b.frequency));
    const chosen = byRarity.flatMap((grams) => grams.slice(0, 1));
    const rarest = chosen.reduce<(typeof chosen)[number] | undefined>(
      (best, entry) => (best && best.frequency <= entry.frequency ? best : entry),
      undefined,
    );
    if (rarest && rarest.frequency <= FEW_ENOUGH_TO_CHECK) {
      return { grams: [rarest.gram], postings: rarest.frequency };
    }
    const [first] = chosen;
    const second = byRarity[0]?.[1];
    if (chosen.length === 1 && first && second && second.frequency <= first.frequency * 4) {
      chosen.push(second);
    }
    return {
      grams: chosen.map((entry) => entry.gram),
      postings: chosen.reduce((sum, entry) => sum + entry.frequency, 0),
    };
  }

  /**
   * How many users match the words (and the role and activity), cached by what is asked, not by
   * the way in: the trigrams `grams`, the role's members with `throughRole`, or the inactive
   * users with `throughState`. Never with `isLockedOut`: a lockout runs out without a write.
   */
  const countOf = (
    terms: readonly string[],
    grams: readonly string[],
    filter: Omit<UserFilter, 'isLockedOut' | 'lockedAt'> = {},
  ) =>
    counts.get(
      currentDataScope()?.tenantId ?? null,
      filter.roleId === undefined && filter.notActive === undefined
        ? terms.join('\n')
        : `${terms.join('\n')}\0${filter.roleId ?? ''}\0${filter.notActive ?? ''}`,
      () => list.count(terms, filter.throughRole || filter.throughState ? [] : grams, filter),
    );

  /**
   * The total of words and a role together, and the role's members: counted through whichever of
   * the role's members, the trigrams' entries or the whole tenant is fewest.
   */
  async function roleCounts(
    terms: readonly string[],
    roleId: string,
    text: { grams: readonly string[]; postings: number; matches: number; everyone: number },
  ) {
    const members = await countOf([], [], { roleId, throughRole: true });
    if (terms.length === 0 || members === 0 || text.matches === 0) {
      return { members, totalCount: terms.length === 0 ? members : 0 };
    }
    const throughRole = members <= (text.grams.length > 0 ? text.postings : text.everyone);
    return { members, totalCount: await countOf(terms, text.grams, { roleId, throughRole }) };
  }

  /**
   * The users with a lockout end (locked out, or not yet cleared since their lockout ran out):
   * what reading locked-out users through their index costs. Every write of `lockoutEnd` retires
   * it as it retires the totals.
   */
  const lockoutEndsCount = () =>
    counts.get(currentDataScope()?.tenantId ?? null, 'lockoutEnds', () =>
      list.count([], [], { throughState: 'lockoutEnds' }),
    );

  /**
   * The total with the state filters too, and the sizes of the states' partial indexes that a
   * page could read first. Either side of a state is counted through its rare side: the inactive
   * users that match (cached like words and roles, read through the inactive users when they are
   * fewer than what the other way in reads), and those locked out now (counted on every request,
   * as a lockout runs out without a write, through the users with a lockout end, who are few
   * unless an attack locked many out). The active are the others, as are the not locked out.
   */
  async function stateCounts(
    terms: readonly string[],
    roleId: string | undefined,
    state: StateFilter,
    known: {
      totalCount: number;
      grams: readonly string[];
      postings: number;
      members: number;
      everyone: number;
    },
  ) {
    const { grams, postings, members, everyone } = known;
    const inactive =
      state.notActive === undefined
        ? undefined
        : await countOf([], [], { notActive: true, throughState: 'inactive' });
    const lockoutEnds = state.isLockedOut === true ? await lockoutEndsCount() : undefined;
    let { totalCount } = known;
    if (state.notActive !== undefined && totalCount > 0) {
      const textReads = grams.length > 0 ? postings : everyone;
      const throughState =
        inactive !== undefined && inactive <= Math.min(textReads, members) ? 'inactive' : undefined;
      const throughRole = !throughState && roleId !== undefined && members <= textReads;
      const matches = await countOf(terms, grams, {
        roleId,
        throughRole,
        notActive: true,
        throughState,
      });
      totalCount = state.notActive ? matches : totalCount - matches;
    }
    if (state.isLockedOut !== undefined && totalCount > 0) {
      const locked = await list.count(terms, [], {
        ...state,
        roleId,
        isLockedOut: true,
        throughState: 'lockoutEnds',
      });
      totalCount = state.isLockedOut ? locked : totalCount - locked;
    }
    return { totalCount, inactive: state.notActive ? inactive : undefined, lockoutEnds };
  }

  /**
   * The trigrams to read through the index, or none (scan the tenant): a small tenant searching
   * for a trigram that thousands of other tenants' users have ("EXA" of example.com) would read
   * all of their entries to find its own few.
   */
  async function filterPlan(terms: readonly string[]) {
    const everyone = await countOf([], []);
    if (terms.length === 0) return { grams: [], postings: 0, everyone };
    // A dozen frequency lookups and sorts a request otherwise (~18 µs of a selective filter's
    // request, measured over HTTP on SQLite): the choice is kept as the frequencies are.
    const key = `${currentDataScope()?.tenantId ?? ''}|${terms.join('\n')}`;
    const { grams, postings } =
      gramChoices.get(key) ?? (await gramChoices.getOrAdd(key, () => rarestGrams(terms)));
    return postings <= everyone ? { grams, postings, everyone } : { grams: [], postings, everyone };
  }

  /**
   * The page's query as `list` runs it, or none when the page is empty. Its way in is the
   * cheapest of the trigram index, the role's members and a state's partial index when that costs
   * less than walking the sort index (or finds few enough users), else the walk. `isLockedOut`
   * is judged at `now`.
   */
  async function plan(
    input: GetIdentityUsersInput,
    now: Date,
  ): Promise<{ totalCount: number; query?: UserPageQuery; fromEnd: boolean }> {
    const roleId = input.roleId ?? undefined;
    const state: StateFilter = {
      notActive: input.notActive ?? undefined,
      isLockedOut: input.isLockedOut ?? undefined,
      lockedAt: input.isLockedOut == null ? undefined : now.toISOString(),
    };
    const terms = searchTermsOf(input.filter);
    const { grams, postings, everyone } = await filterPlan(terms);
    const matches = terms.length > 0 ? await countOf(terms, grams) : everyone;
    const byRole =
      roleId === undefined
        ? { members: everyone, totalCount: matches }
        : await roleCounts(terms, roleId, { grams, postings, matches, everyone });
    const { members } = byRole;
    // Without a status, no await: each promise costs the request AsyncLocalStorage's hooks.
    const { totalCount, inactive, lockoutEnds } =
      state.notActive === undefined && state.isLockedOut === undefined
        ? { totalCount: byRole.totalCount, inactive: undefined, lockoutEnds: undefined }
        : await stateCounts(terms, roleId, state, { ...byRole, grams, postings, everyone });
    if (totalCount === 0 || input.skipCount >= totalCount) return { totalCount, fromEnd: false };
    const read = pageFromNearerEnd(
      parseSorting(input.sorting, userSortKeys, 'userName'),
      input.skipCount,
      input.maxResultCount,
      totalCount,
    );
    const walked = ((read.skipCount + read.maxResultCount) * everyone) / totalCount;
    const wayOf = (by: 'grams' | 'role' | 'inactive' | 'lockoutEnds', found: number) => ({
      by,
      found,
      reads: (by === 'grams' ? postings : 0) + found * INDEX_ROW_COST,
    });
    const ways = [
      ...(grams.length > 0 ? [wayOf('grams', matches)] : []),
      ...(roleId !== undefined ? [wayOf('role', members)] : []),
      ...(inactive !== undefined ? [wayOf('inactive', inactive)] : []),
      ...(lockoutEnds !== undefined ? [wayOf('lockoutEnds', lockoutEnds)] : []),
    ].sort((a, b) => a.reads - b.reads);
    const [way] = ways;
    const by = way && (way.found <= ALWAYS_INDEX_UP_TO || way.reads < walked) ? way.by : 'walk';
    return {
      totalCount,
      fromEnd: read.fromEnd,
      query: {
        terms,
        indexGrams: by === 'grams' ? grams : [],
        roleId,
        throughRole: by === 'role',
        // Named, not spread: a literal's spread of another object goes through V8's runtime.
        notActive: state.notActive,
        isLockedOut: state.isLockedOut,
        lockedAt: state.lockedAt,
        throughState: by === 'inactive' || by === 'lockoutEnds' ? by : undefined,
        sort: read.sort,
        skipCount: read.skipCount,
        maxResultCount: read.maxResultCount,
      },
    };
  }

  return {
    async page(input: GetIdentityUsersInput): Promise<{ totalCount: number; rows: ListedUser[] }> {
      const { totalCount, query, fromEnd } = await plan(input, new Date());
      return { totalCount, rows: query ? inPageOrder(fromEnd, await list.page(query)) : [] };
    },

    /** The page as JSON items (user-dto-json.ts), `isLockedOut` as at `now`. */
    async pageJson(
      input: GetIdentityUsersInput,
      now: Date,
    ): Promise<{ totalCount: number; items: string[] }> {
      const { totalCount, query, fromEnd } = await plan(input, now);
      const rows = query ? inPageOrder(fromEnd, await list.pageJson(query, now)) : [];
      return { totalCount, items: rows.map(userDtoJsonItem) };
    },
    async count(filter: string | undefined): Promise<number> {
      const terms = searchTermsOf(filter);
      return countOf(terms, (await filterPlan(terms)).grams);
    },
  };
}

export type UserListService = ReturnType<typeof createUserListService>;
