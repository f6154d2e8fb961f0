import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { AppDataContext } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { acrossAllTenants } from '../../../platform/data/data-scope.js';
import type { SortOrder } from '../../../platform/data/list-sorting.js';
import { createPreparedQueries } from '../../../platform/data/prepared-query.js';
import type { IdentityUserRow } from '../identity.tables.js';
import { type UserDtoJsonRow, userDtoColumns, userDtoJson } from './user-dto-json.js';

export const userSortKeys = [
  'userName',
  'email',
  'name',
  'surname',
  'phoneNumber',
  'creationTime',
] as const;
type UserSortKey = (typeof userSortKeys)[number];

/** Case-insensitive keys sort by their normalized column; each has a `(tenant, is_deleted, column, id)` index. */
const sortColumns = {
  userName: 'normalizedUserName',
  email: 'normalizedEmail',
  name: 'name',
  surname: 'surname',
  phoneNumber: 'phoneNumber',
  creationTime: 'creationTime',
} as const;

/** What a list item shows (IdentityUserDto): not the hash, the stamps or the search text. */
const listedColumns = [...userDtoColumns, 'extraProperties'] as const;
export type ListedUser = Pick<IdentityUserRow, (typeof listedColumns)[number]>;

export interface UserPageQuery {
  /** Folded filter words (user-search.ts); every one must occur. */
  terms: readonly string[];
  /**
   * Trigrams of those words to find candidates through the trigram index; empty: walk the sort
   * index and test each row (cheap when matches are many, so a page fills after a few rows).
   */
  indexGrams: readonly string[];
  /** Only the members of this role (its id). */
  roleId?: string | undefined;
  /**
   * Read the role's members first, through its links' index, and test and sort them: chosen when
   * they are few. Never with `indexGrams` (a query has one way in). Otherwise each row walked or
   * found is tested for the role.
   */
  throughRole?: boolean | undefined;
  /** Only inactive users (`true`) or only active ones (`false`): ABP's `notActive`. */
  notActive?: boolean | undefined;
  /** Only users locked out at `lockedAt` (`true`) or only the others (`false`). */
  isLockedOut?: boolean | undefined;
  /** When `isLockedOut` is judged, as an ISO string (how `lockoutEnd` is written). */
  lockedAt?: string | undefined;
  /**
   * Read the inactive users (`inactive`) or the users with a lockout end (`lockoutEnds`, those
   * locked out now and those whose lockout ran out unnoticed) first, through their partial index,
   * then test and sort them: chosen when they are few. Never with another way in.
   */
  throughState?: 'inactive' | 'lockoutEnds' | undefined;
  sort: SortOrder<UserSortKey>;
  skipCount: number;
  maxResultCount: number;
}

/**
 * From this many skipped rows a page reads its ids first, then its rows (ABP pages by offset, so
 * a deep page walks every skipped entry; reading just the index for them halves the cost there).
 * Nearer pages are read in one query: a second select costs more to build than it saves.
 */
const LATE_LOOKUP_FROM = 100;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 query requiring every trigram (each a quoted string). */
const ftsQuery = (grams: readonly string[]) =>
  grams.map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' ');

/** A query of the users, before its selection. */
type UsersQuery = SelectQueryBuilder<Database, 'identityUsers', object>;

/** What a page selects: its rows' columns (a shape key part), and the values they bind. */
interface PageSelection {
  key: string;
  parameters: Record<string, unknown>;
  /** The selection from `table` (the users table, or the alias of a subquery of its columns). */
  select(table: string, parameters: Readonly<Record<string, unknown>>): readonly unknown[];
}

/** A filter's values as named parameters: each word, the trigram index's query, the role. */
type FilterParameters = Record<string, string>;

/** The role part of a query: which role, and whether its members are read first. */
export type RoleFilter = Pick<UserPageQuery, 'roleId' | 'throughRole'>;

/** How a query treats a role: no role, each user tested for it, or its members read first. */
type RoleMode = 'none' | 'tested' | 'through';

/** The role part of a query's shape key. */
const roleModeOf = (query: RoleFilter): RoleMode =>
  query.roleId === undefined ? 'none' : query.throughRole ? 'through' : 'tested';

/** The state part of a query: which states, when lockout is judged, and the way in if any. */
export type StateFilter = Pick<
  UserPageQuery,
  'notActive' | 'isLockedOut' | 'lockedAt' | 'throughState'
>;

/** What a query's filters beside its words are: the role and the state. */
export type UserFilter = RoleFilter & StateFilter;

/** The state part of a query's shape key: each flag (`-` for either), then the way in. */
const flagKey = (flag: boolean | undefined) => (flag === undefined ? '-' : flag ? '1' : '0');
const stateKeyOf = ({ notActive, isLockedOut, throughState }: StateFilter) =>
  `${flagKey(notActive)}${flagKey(isLockedOut)}${throughState ?? ''}`;

/**
 * The users list's queries. Words are matched exactly with `instr`/`strpos` on `search_text`; the
 * trigram index (FTS5 on SQLite, pg_trgm's GIN on PostgreSQL) only narrows the rows to test, and
 * only with the trigrams the caller chose (the rarest: a trigram that every user has, like "USE"
 * in "user000123", would make the index read the whole tenant).
 *
 * Every query is a prepared shape (decision 008), keyed by what its SQL depends on: the sort, the
 * number of words and trigrams, the plan. The words and trigrams themselves are parameters.
 */
export function createUserListRepository(data: AppDataContext) {
  const postgres = data.dialect === 'postgres';
  const prepared = createPreparedQueries(data);

  function filterParameters(
    terms: readonly string[],
    indexGrams: readonly string[],
    filter: UserFilter,
  ) {
    const parameters: FilterParameters = {};
    terms.forEach((term, i) => {
      parameters[`term${i}`] = term;
    });
    if (filter.roleId !== undefined) parameters.roleId = filter.roleId;
    if (filter.isLockedOut !== undefined) {
      parameters.lockedAt = filter.lockedAt ?? new Date().toISOString();
    }
    if (indexGrams.length === 0) return parameters;
    if (!postgres) parameters.fts = ftsQuery(indexGrams);
    else {
      indexGrams.forEach((gram, i) => {
        parameters[`gram${i}`] = `%${escapeLike(gram)}%`;
      });
    }
    return parameters;
  }

  /** Each word must occur in `search_text`, exactly (the trigram index only narrows). */
  function exactly(p: Readonly<Record<string, unknown>>, termCount: number) {
    const searchText = sql.ref('identityUsers.searchText');
    return Array.from({ length: termCount }, (_, i) =>
      postgres
        ? sql<SqlBool>`strpos(${searchText}, ${p[`term${i}`]}) > 0`
        : sql<SqlBool>`instr(${searchText}, ${p[`term${i}`]}) > 0`,
    );
  }

  /** A boolean as each engine stores it, and as the partial indexes' predicates spell it. */
  const bool = (value: boolean) => sql.lit(postgres ? value : Number(value));

  /**
   * The state's tests of each user. The partial indexes (`ix_identity_users_inactive`,
   * `ix_identity_users_lockout_ends`) serve only the way in, `throughState`, which states their
   * predicates. Elsewhere each column is read through `coalesce`, from which neither engine can
   * prove those predicates: SQLite would otherwise take a partial index for a walk (it has an
   * equality more than the sort indexes, and `lockout_end > ?` implies `is not null`) and sort
   * all 5 000 locked-out users of 100 000 for a page of ten: 19 ms, where the whole request now
   * takes about 1 (decision 004).
   */
  function stateTests(p: Readonly<Record<string, unknown>>, state: StateFilter) {
    const { notActive, isLockedOut, throughState } = state;
    const tests: RawBuilder<SqlBool>[] = [];
    if (notActive !== undefined) {
      const isActive = sql.ref('identityUsers.isActive');
      const tested =
        throughState === 'inactive' ? isActive : sql`coalesce(${isActive}, ${bool(true)})`;
      tests.push(sql<SqlBool>`${tested} = ${bool(!notActive)}`);
    }
    const lockoutEnd = sql.ref('identityUsers.lockoutEnd');
    if (throughState === 'lockoutEnds') tests.push(sql<SqlBool>`${lockoutEnd} is not null`);
    if (isLockedOut !== undefined) {
      // No end reads as '', before any time. Ends are ISO strings in UTC, compared as text
      // (bytewise on PostgreSQL too).
      const end = throughState === 'lockoutEnds' ? lockoutEnd : sql`coalesce(${lockoutEnd}, '')`;
      const endText = postgres ? sql`${end} collate "C"` : end;
      const enabled = sql.ref('identityUsers.lockoutEnabled');
      tests.push(
        isLockedOut
          ? sql<SqlBool>`(${enabled} = ${bool(true)} and ${endText} > ${p.lockedAt})`
          : sql<SqlBool>`(${enabled} = ${bool(false)} or ${endText} <= ${p.lockedAt})`,
      );
    }
    return tests;
  }

  /**
   * The current tenant's users that match the filter, on the placeholders of `filterParameters`'
   * names. Through the trigram index on SQLite, the FTS5 table's candidates come first and each is
   * read by rowid: `cross join` is SQLite's way to fix the order of a join, so the plan holds
   * whatever statistics the database has or lacks (decision 008). Without them (the server runs no
   * ANALYZE), or with `sqlite_stat1` alone, SQLite took a 100 000-user tenant for an average one
   * and walked its sort index, testing each row against the candidates: 8 ms instead of 0.07.
   * On PostgreSQL the index is pg_trgm's GIN, used for `like` on the column, read through
   * `identity_user_search_matches` (a view of the users, aliased as their table, whose tenant
   * column no index serves): the planner can then choose only that index or a full scan, and a
   * plan made once without values reads the index for every tenant (decision 008).
   *
   * A role is either tested on each user (its link is found by the links' primary key) or, when
   * `through`, its links are read first by their role index and each user by id: the same
   * `cross join` order on SQLite; on PostgreSQL a join the planner orders by the role's statistics.
   */
  function matchingUsers(
    db: Kysely<Database>,
    p: Readonly<Record<string, unknown>>,
    termCount: number,
    gramCount: number,
    role: RoleMode,
    state: StateFilter = {},
  ): UsersQuery {
    const exact = [...exactly(p, termCount), ...stateTests(p, state)];
    if (role === 'through') {
      const members = db.selectFrom('identityUserRoles as members');
      const joined = postgres
        ? members.innerJoin('identityUsers', 'identityUsers.id', 'members.userId')
        : members.crossJoin('identityUsers').whereRef('identityUsers.id', '=', 'members.userId');
      return joined.where((eb) =>
        eb.and([eb('members.roleId', '=', p.roleId as string), ...exact]),
      ) as unknown as UsersQuery;
    }
    if (role === 'tested') {
      const link = db
        .selectFrom('identityUserRoles as roleLinks')
        .select(sql.lit(1).as('member'))
        .where(sql<SqlBool>`${sql.ref('roleLinks.userId')} = ${sql.ref('identityUsers.id')}`)
        .where('roleLinks.roleId', '=', p.roleId as string);
      // PostgreSQL turns `exists` into a join, which a plan made without the role's value then
      // runs over all of its members (0.8 s for a role everyone has, against 0.4 ms); `offset 0`
      // keeps it a test of each user, as SQLite runs it. The subquery brings its parentheses.
      exact.push(sql<SqlBool>`exists ${postgres ? link.offset(0) : link}`);
    }
    if (gramCount === 0) {
      const users = db.selectFrom('identityUsers');
      return exact.length === 0 ? users : users.where((eb) => eb.and(exact));
    }
    if (postgres) {
      return db
        .selectFrom('identityUserSearchMatches as identityUsers')
        .where((eb) =>
          eb.and([
            ...Array.from({ length: gramCount }, (_, i) =>
              eb('identityUsers.searchText', 'like', p[`gram${i}`] as string),
            ),
            ...exact,
          ]),
        );
    }
    // The FTS table contributes no column to what is selected: typed as a query of the users.
    return db
      .selectFrom(sql`identity_users_search(${p.fts})`.as('candidates'))
      .crossJoin('identityUsers')
      .where((eb) =>
        eb.and([
          sql<SqlBool>`${sql.ref('identityUsers.rowid')} = ${sql.ref('candidates.rowid')}`,
          ...exact,
        ]),
      ) as unknown as UsersQuery;
  }

  /**
   * Every page shape is planned once, whatever the tenant and the words: a walk of a sort index,
   * or the trigram index (which the service chose because its entries are few; see
   * `matchingUsers` for why PostgreSQL cannot pick a tenant index instead).
   */
  const genericPlan = { plan: 'generic' } as const;

  /**
   * How many users of the current tenant match (all of them without terms, role or state), read
   * through the trigram index with `indexGrams`, through the role's members with `throughRole`,
   * or through a state's partial index with `throughState`.
   */
  async function count(
    terms: readonly string[],
    indexGrams: readonly string[],
    filter: UserFilter = {},
  ): Promise<number> {
    const mode = roleModeOf(filter);
    const [row] = await prepared.execute(
      `users.count|${terms.length}|${indexGrams.length}|${mode}|${stateKeyOf(filter)}`,
      filterParameters(terms, indexGrams, filter),
      (db, p) =>
        matchingUsers(db, p, terms.length, indexGrams.length, mode, filter).select((eb) =>
          eb.fn.countAll<number | string>().as('count'),
        ),
    );
    return Number(row?.count ?? 0);
  }

  /**
   * A page of the current tenant's users that match `query`, each row selected by `selection`
   * from the users table or the alias it is read through.
   */
  function pageOf<Row>(query: UserPageQuery, selection: PageSelection): Promise<Row[]> {
    const { direction } = query.sort;
    const sortColumn = sortColumns[query.sort.key];
    const { terms, indexGrams, throughState } = query;
    const role = roleModeOf(query);
    const state = stateKeyOf(query);
    const tested = query.notActive !== undefined || query.isLockedOut !== undefined;
    const paging = { skip: query.skipCount, take: query.maxResultCount };
    const sorted = `${selection.key}|${query.sort.key}|${direction}|${role}|${state}`;
    const select = (users: UsersQuery, table: string, p: Readonly<Record<string, unknown>>) =>
      users.select(selection.select(table, p) as never) as unknown as UsersQuery;
    /** The page of `users` in the requested order (the columns qualified: a join may add others). */
    const sortedPage = (users: UsersQuery, p: Readonly<typeof paging>) =>
      select(users, 'identityUsers', p)
        .orderBy(`identityUsers.${sortColumn}`, direction)
        .orderBy('identityUsers.id', direction)
        .limit(p.take)
        .offset(p.skip);
    // Assigned, not spread: a literal's second spread goes through V8's runtime key by key, and
    // `perf` put 7 µs of a filtered list request's 270 there (docs/benchmarks.md, session 28).
    const parameters = Object.assign(
      filterParameters(terms, indexGrams, query),
      selection.parameters,
      paging,
    );
    // Late row lookup: the skipped entries are walked in the sort index alone (it covers the
    // sort column and the id, so no row is read for them), or a role's or a state's users are
    // sorted by their sort column and id alone, and only the page's rows are read and written.
    // The page's ids (a subquery with a limit: never merged into the outer query), then each row
    // by its key; `cross join` keeps that order on SQLite whatever its statistics (PostgreSQL,
    // which has no `cross join … on`, plans it so from its own).
    const throughFew = role === 'through' || throughState !== undefined;
    const lateLookup =
      indexGrams.length === 0 &&
      ((terms.length === 0 && role === 'none' && !tested) || throughFew) &&
      query.skipCount >= LATE_LOOKUP_FROM;
    if (lateLookup) {
      return prepared.execute(
        `users.page.late|${sorted}|${terms.length}`,
        parameters,
        (db, p) => {
          const pageIds = matchingUsers(db, p, terms.length, 0, role, query)
            .select('identityUsers.id')
            .orderBy(`identityUsers.${sortColumn}`, direction)
            .orderBy('identityUsers.id', direction)
            .limit(p.take)
            .offset(p.skip)
            .as('pageIds');
          const rows = postgres
            ? db.selectFrom(pageIds).innerJoin('identityUsers', 'identityUsers.id', 'pageIds.id')
            : db
                .selectFrom(pageIds)
                .crossJoin('identityUsers')
                .whereRef('identityUsers.id', '=', 'pageIds.id');
          return select(rows as unknown as UsersQuery, 'identityUsers', p)
            .orderBy(`identityUsers.${sortColumn}`, direction)
            .orderBy('identityUsers.id', direction);
        },
        throughFew ? undefined : genericPlan,
      ) as Promise<Row[]>;
    }
    if (indexGrams.length === 0 && !throughFew) {
      return prepared.execute(
        `users.page.walk|${sorted}|${terms.length}`,
        parameters,
        (db, p) => sortedPage(matchingUsers(db, p, terms.length, 0, role, query), p),
        genericPlan,
      ) as Promise<Row[]>;
    }
    // The matches first, then their order. On PostgreSQL `offset 0` keeps the two apart: on the
    // table the planner preferred walking a sort index under the LIMIT when it misjudged how rare
    // the trigrams were; through the view (`matchingUsers`) no sort index is left to walk, and the
    // fence keeps the plan's shape stated. (SQLite's candidates come first anyway.) A role's
    // or a state's users are planned with their values on PostgreSQL, as their counts are.
    const shape = `users.page.indexed|${sorted}|${terms.length}|${indexGrams.length}`;
    return prepared.execute(
      shape,
      parameters,
      (db, p) => {
        const users = matchingUsers(db, p, terms.length, indexGrams.length, role, query);
        // PostgreSQL plans a role's or a state's users with its values: read first when few.
        if (!postgres || throughFew) return sortedPage(users, p);
        const matches = users
          .select(
            [...new Set([...listedColumns, sortColumn])].map(
              (column) => `identityUsers.${column}` as const,
            ),
          )
          .offset(0)
          .as('matches');
        return select(db.selectFrom(matches) as unknown as UsersQuery, 'matches', p)
          .orderBy(`matches.${sortColumn}` as never, direction)
          .orderBy('matches.id' as never, direction)
          .limit(p.take)
          .offset(p.skip);
      },
      throughFew ? undefined : genericPlan,
    ) as Promise<Row[]>;
  }

  return {
    count,

    /**
     * How many entries the trigram index holds for this trigram, all tenants together: the index
     * is not split by tenant, so that is what a lookup of the trigram reads, whoever asks.
     */
    gramPostings: (gram: string) => acrossAllTenants(() => count([gram], [gram])),

    /** A page of rows with the listed columns. */
    page: (query: UserPageQuery): Promise<ListedUser[]> =>
      pageOf(query, {
        key: 'rows',
        parameters: {},
        select: (table) => listedColumns.map((column) => `${table}.${column}` as const),
      }),

    /**
     * A page of users-list items as JSON (user-dto-json.ts), `isLockedOut` as at `now`: the same
     * rows in the same order as `page`.
     */
    pageJson: (query: UserPageQuery, now: Date): Promise<UserDtoJsonRow[]> =>
      pageOf(query, {
        key: 'json',
        parameters: { now: now.toISOString() },
        select: (table, p) => [
          userDtoJson(data.dialect, table, p.now).as('json'),
          `${table}.extraProperties` as const,
        ],
      }),
  };
}

export type UserListRepository = ReturnType<typeof createUserListRepository>;
