import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';
import type { AppDataContext } from '../../../db/database.js';
import type { StringEncryption } from '../../../platform/security/string-encryption.js';

const generateKeyPairAsync = promisify(generateKeyPair);

const DAY_MS = 24 * 3600 * 1000;
/** Signing algorithms kept in the key set; RS256 is the one OpenID Connect requires. */
const SIGNING_ALGS = ['RS256', 'ES256'] as const;
const COOKIE_ALG = 'cookie';
const NEVER = '9999-12-31T00:00:00.000Z';

/** The keys one provider instance works with. */
export interface KeySet {
  /** Private JWKs, the signing key of each algorithm first (oidc-provider signs with the first). */
  jwks: JWK[];
  cookieKeys: string[];
  /** Changes whenever the published or active keys change, so a holder knows to rebuild. */
  fingerprint: string;
  /** When the set must be looked at again (the next activation, or a routine check). */
  nextCheckAt: Date;
  /** The ids of the keys it was made from, to compare with `storedKeyIds()`. */
  keyIds: string;
}

interface KeyRow {
  id: string;
  alg: string;
  generation: number;
  encryptedKey: string;
  activatesAt: string;
  expiresAt: string;
}

/**
 * Signing keys kept in the database, encrypted, so that every instance signs and verifies alike.
 * Each algorithm has one active key; its successor is created (and published in the JWKS) when a
 * fifth of the active key's lifetime is left, and takes over when the active key expires, so
 * relying parties that cache the JWKS already know it. Expired keys stay published a week, longer
 * than any token they signed lives. The unique (alg, generation) index settles races between
 * instances starting together: the loser re-reads. An instance whose clock reads a moment earlier
 * than the one that made the first key sees that key as not yet active; it signs with it all the
 * same (`signingKey`) rather than make a generation of its own that the other never publishes.
 */
export function createSigningKeyStore(deps: {
  data: AppDataContext;
  encryption: StringEncryption;
  lifetimeDays: number;
}) {
  const { data, encryption } = deps;
  const lifetimeMs = deps.lifetimeDays * DAY_MS;
  const retentionMs = 7 * DAY_MS;
  const keys = () => data.query().selectFrom('oidcSigningKeys');

  async function rowsOf(alg: string): Promise<KeyRow[]> {
    return keys()
      .select(['id', 'alg', 'generation', 'encryptedKey', 'activatesAt', 'expiresAt'])
      .where('alg', '=', alg)
      .orderBy('generation', 'desc')
      .execute();
  }

  async function insert(alg: string, generation: number, activatesAt: Date, expiresAt: Date) {
    const secret = alg === COOKIE_ALG ? randomBytes(32).toString('base64url') : await newJwk(alg);
    await data
      .query()
      .insertInto('oidcSigningKeys')
      .values({
        id: crypto.randomUUID(),
        alg,
        generation,
        encryptedKey: encryption.encrypt(secret),
        createdAt: new Date().toISOString(),
        activatesAt: activatesAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['alg', 'generation']).doNothing())
      .execute();
  }

  /** Creates whatever key is missing for `alg` now: the first one, or the next generation. */
  async function ensure(alg: string, now: Date): Promise<KeyRow[]> {
    const rows = await rowsOf(alg);
    const newest = rows[0];
    const active = signingKey(rows, now);
    if (alg === COOKIE_ALG) {
      if (!newest) await insert(alg, 1, now, new Date(NEVER));
    } else if (!active) {
      await insert(alg, (newest?.generation ?? 0) + 1, now, new Date(now.getTime() + lifetimeMs));
    } else if (
      newest === active &&
      new Date(active.expiresAt).getTime() - now.getTime() < lifetimeMs / 5
    ) {
      const activatesAt = new Date(active.expiresAt);
      await insert(
        alg,
        active.generation + 1,
        activatesAt,
        new Date(activatesAt.getTime() + lifetimeMs),
      );
    } else {
      return rows;
    }
    return rowsOf(alg);
  }

  return {
    async load(now = new Date()): Promise<KeySet> {
      await data
        .query()
        .deleteFrom('oidcSigningKeys')
        .where('expiresAt', '<', new Date(now.getTime() - retentionMs).toISOString())
        .execute();
      const jwks: JWK[] = [];
      const later: JWK[] = [];
      const fingerprint: string[] = [];
      let nextCheckAt = new Date(now.getTime() + 3600_000);
      for (const alg of SIGNING_ALGS) {
        const rows = await ensure(alg, now);
        const active = signingKey(rows, now);
        for (const row of rows) {
          const jwk = { ...(JSON.parse(encryption.decrypt(row.encryptedKey)) as JWK), kid: row.id };
          (row === active ? jwks : later).push({ ...jwk, alg, use: 'sig' });
          fingerprint.push(`${row.id}${row === active ? '*' : ''}`);
          for (const moment of [row.activatesAt, row.expiresAt]) {
            const at = new Date(moment);
            if (at > now && at < nextCheckAt) nextCheckAt = at;
          }
        }
      }
      const cookieRows = await ensure(COOKIE_ALG, now);
      return {
        jwks: [...jwks, ...later],
        cookieKeys: cookieRows.map((row) => encryption.decrypt(row.encryptedKey)),
        fingerprint: fingerprint.join(','),
        nextCheckAt,
        keyIds: idsOf(
          [...jwks, ...later].map((jwk) => jwk.kid ?? '').concat(cookieRows.map((row) => row.id)),
        ),
      };
    },
    /**
     * The ids of the keys in the database: a read of a few short rows, cheap enough to notice
     * often a key another instance made (one in place of keys an operator deleted, say).
     */
    async storedKeyIds(): Promise<string> {
      return idsOf((await keys().select('id').execute()).map((row) => row.id));
    },
  };
}

export type SigningKeyStore = ReturnType<typeof createSigningKeyStore>;

const idsOf = (ids: string[]) => ids.toSorted().join(',');

/**
 * The key to sign with: the one active now, else the earliest still to come. A successor always
 * activates as its predecessor expires, so a key still to come with none active is another
 * instance's first key, made when its clock read later than `now` (instances starting together).
 */
function signingKey(rows: KeyRow[], now: Date): KeyRow | undefined {
  return (
    rows.find((row) => new Date(row.activatesAt) <= now && now < new Date(row.expiresAt)) ??
    rows.findLast((row) => now < new Date(row.activatesAt))
  );
}

async function newJwk(alg: string): Promise<string> {
  const { privateKey } =
    alg === 'ES256'
      ? await generateKeyPairAsync('ec', { namedCurve: 'P-256' })
      : await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  return JSON.stringify(privateKey.export({ format: 'jwk' }));
}
