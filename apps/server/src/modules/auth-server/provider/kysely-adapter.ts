import { CompiledQuery } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppDataContext } from '../../../db/database.js';
import type { Batch } from '../../../platform/data/in-batches.js';
import type { AccessTokenRevocation } from '../access-tokens/access-token-cache.js';

/** Artefacts that hang off a grant and die with it (oidc-provider's "grantable" models). */
const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];

/** Kinds removed when every token of a user is revoked (password reset, sign-out everywhere). */
const USER_BOUND = [...GRANTABLE, 'Grant', 'Session', 'Interaction'];

/**
 * Not an oidc-provider model: which tenant a signed-in account belongs to (decision 003). A
 * token, code, session or grant names only its account; a tenant with its own database keeps the
 * account there, so the sign-in server must know where to look before it can find the user. User
 * ids never move between tenants, so the row never changes nor expires, and revoking a user's
 * tokens leaves it (its `account_id` column stays empty).
 */
const ACCOUNT_TENANT = 'AccountTenant';

/** oidc-provider checks `exp` itself; rows are kept this long past it to match its clock tolerance. */
const CLOCK_TOLERANCE_SECONDS = 15;

const epochNow = () => Math.floor(Date.now() / 1000);

type Row = { payload: string; consumed_at: number | string | null };
/** `expires_at` is a bigint: pg answers it as text. */
type ExpiryRow = { expires_at: number | string };

/**
 * The statements, written once in SQL both engines accept (`?` becomes `$n` on PostgreSQL).
 * The token endpoint runs several per request, so they skip Kysely's builder and plugins: this
 * table has no tenant or soft-delete columns for the data filters to guard.
 */
const STATEMENTS = {
  upsert: `insert into oidc_payloads (kind, id, payload, grant_id, account_id, uid, user_code, expires_at, consumed_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, null)
    on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
      account_id = excluded.account_id, uid = excluded.uid, user_code = excluded.user_code,
      expires_at = excluded.expires_at, consumed_at = null`,
  find: `select payload, consumed_at from oidc_payloads
    where kind = ? and id = ? and (expires_at is null or expires_at > ?)`,
  findByUid: `select payload, consumed_at from oidc_payloads
    where kind = ? and uid = ? and (expires_at is null or expires_at > ?)`,
  findByUserCode: `select payload, consumed_at from oidc_payloads
    where kind = ? and user_code = ? and (expires_at is null or expires_at > ?)`,
  consume: 'update oidc_payloads set consumed_at = ? where kind = ? and id = ?',
  destroy: 'delete from oidc_payloads where kind = ? and id = ?',
  revokeByGrantId: 'delete from oidc_payloads where kind = ? and grant_id = ?',
  revokeGrant: `delete from oidc_payloads where grant_id = ? or (kind = 'Grant' and id = ?)`,
  revokeAllOf: `delete from oidc_payloads where account_id = ? and kind in (${USER_BOUND.map((kind) => `'${kind}'`).join(', ')})`,
  revokeAllOfExceptGrant: `delete from oidc_payloads where account_id = ? and kind in (${USER_BOUND.map((kind) => `'${kind}'`).join(', ')})
    and (grant_id is null or grant_id <> ?) and not (kind = 'Grant' and id = ?)`,
  expiredThrough: `select expires_at from oidc_payloads where expires_at > ? and expires_at < ?
    order by expires_at limit 1 offset ?`,
  deleteExpired: 'delete from oidc_payloads where expires_at > ? and expires_at <= ?',
  findAccountTenant: `select payload, consumed_at from oidc_payloads where kind = '${ACCOUNT_TENANT}' and id = ?`,
  rememberAccountTenant: `insert into oidc_payloads (kind, id, payload, grant_id, account_id, uid, user_code, expires_at, consumed_at)
    values ('${ACCOUNT_TENANT}', ?, ?, null, null, null, null, null, null)
    on conflict (kind, id) do nothing`,
} as const;

type StatementName = keyof typeof STATEMENTS;

const READS = new Set<StatementName>([
  'find',
  'findByUid',
  'findByUserCode',
  'findAccountTenant',
  'expiredThrough',
]);

/**
 * oidc-provider's storage over the application's database: one table, one row per artefact, the
 * payload as JSON. Statements run on the ambient connection (`data.query()`), so a caller's
 * transaction (a password reset revoking every token) includes them, and SQLite's single
 * connection is never asked for twice. Expired rows are invisible and swept by `deleteExpired`.
 */
export function createOidcStore(
  data: AppDataContext,
  hooks: {
    /**
     * Told, once the deletion is committed, of everything that ends access tokens early, so that
     * the API's cache of verified tokens (access-token-cache.ts) drops them.
     */
    revoked?(revocation: AccessTokenRevocation): Promise<void>;
  } = {},
) {
  const texts = Object.fromEntries(
    Object.entries(STATEMENTS).map(([name, text]) => {
      let index = 0;
      const sql = data.dialect === 'postgres' ? text.replace(/\?/g, () => `$${++index}`) : text;
      return [name, sql];
    }),
  ) as Record<StatementName, string>;
  const plain = data.db.withoutPlugins();

  async function run<Result = Row>(name: StatementName, parameters: unknown[]): Promise<Result[]> {
    const query = CompiledQuery.raw(texts[name], parameters);
    // A grant's writes inside `data.writeTogether` go together, at its end.
    if (!READS.has(name) && data.queueWrite(query)) return [];
    const ambient = data.query();
    const db = ambient === data.db ? plain : ambient.withoutPlugins();
    return (await db.executeQuery<Result>(query)).rows;
  }

  const toPayload = (row: Row | undefined) => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at !== null) payload.consumed = Number(row.consumed_at);
    return payload;
  };
  const liveAfter = () => epochNow() - CLOCK_TOLERANCE_SECONDS;
  const revoked = async (revocation: AccessTokenRevocation) => {
    const hook = hooks.revoked;
    if (hook) await data.afterCommit(() => hook(revocation));
  };

  function adapterFor(kind: string): Adapter {
    return {
      async upsert(id, payload, expiresIn) {
        await run('upsert', [
          kind,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.accountId ?? payload.session?.accountId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          typeof expiresIn === 'number' ? epochNow() + expiresIn : null,
        ]);
        // A session saved with another account or grant no longer backs its tokens.
        if (kind === 'Session' && typeof payload.uid === 'string')
          await revoked({ sessionUid: payload.uid });
      },
      find: async (id) => toPayload((await run('find', [kind, id, liveAfter()]))[0]),
      findByUid: async (uid) => toPayload((await run('findByUid', [kind, uid, liveAfter()]))[0]),
      findByUserCode: async (userCode) =>
        toPayload((await run('findByUserCode', [kind, userCode, liveAfter()]))[0]),
      async consume(id) {
        await run('consume', [epochNow(), kind, id]);
      },
      async destroy(id) {
        await run('destroy', [kind, id]);
        if (kind === 'AccessToken') await revoked({ tokenId: id });
        else if (kind === 'Session') await revoked({ anySession: true });
      },
      async revokeByGrantId(grantId) {
        await run('revokeByGrantId', [kind, grantId]);
        if (kind === 'AccessToken') await revoked({ grantId });
      },
    };
  }

  return {
    /** oidc-provider's `adapter` option: a factory it calls once per model name. */
    adapterFor,
    /** Every grant, token, code and session of a user: after a password reset or deactivation. */
    async revokeAllOf(accountId: string): Promise<void> {
      await run('revokeAllOf', [accountId]);
      await revoked({ accountId });
    },
    /**
     * Everything of a user but one grant and what hangs off it (a password change signs out the
     * other devices and keeps the one it came from). Sign-in sessions all end: the kept grant's
     * client carries on with its tokens.
     */
    async revokeAllOfExceptGrant(accountId: string, grantId: string): Promise<void> {
      await run('revokeAllOfExceptGrant', [accountId, grantId, grantId]);
      await revoked({ accountId });
    },
    /** A grant and everything issued under it (sign-out, whatever the client asked for). */
    async revokeGrant(grantId: string): Promise<void> {
      await run('revokeGrant', [grantId, grantId]);
      await revoked({ grantId });
    },
    /**
     * The tenant remembered for an account at sign-in: `undefined` when none was (an account
     * signed in before this record existed), `null` for the host.
     */
    async tenantOf(accountId: string): Promise<string | null | undefined> {
      const row = (await run('findAccountTenant', [accountId]))[0];
      if (!row) return undefined;
      return (JSON.parse(row.payload) as { tenantId: string | null }).tenantId;
    },
    /** Records the account's tenant once; later sign-ins leave the row as it is. */
    async rememberTenantOf(accountId: string, tenantId: string | null): Promise<void> {
      await run('rememberAccountTenant', [accountId, JSON.stringify({ tenantId })]);
    },
    /**
     * One batch of the sweep of rows past their expiry (in-batches.ts; any instance may sweep):
     * those that expired after `after` (epoch seconds), `limit` of them or more when several
     * expired in the same second as the last. Both statements read a range of
     * `ix_oidc_payloads_expires_at`, from where the previous batch stopped.
     */
    async deleteExpired(limit: number, after = 0): Promise<Batch<number>> {
      const expiredBefore = liveAfter();
      const [last] = await run<ExpiryRow>('expiredThrough', [after, expiredBefore, limit - 1]);
      const through = last ? Number(last.expires_at) : expiredBefore - 1;
      // Not through `run`, which answers rows: the sweep wants the count of rows deleted.
      const deleted = await plain.executeQuery(
        CompiledQuery.raw(texts.deleteExpired, [after, through]),
      );
      return { count: Number(deleted.numAffectedRows ?? 0), through: last ? through : undefined };
    },
  };
}

export type OidcStore = ReturnType<typeof createOidcStore>;
