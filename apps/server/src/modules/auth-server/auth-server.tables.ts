import type { ColumnType } from 'kysely';

/** pg returns bigint columns as strings; SQLite as numbers. Readers convert with Number(). */
type EpochSeconds = ColumnType<number | string, number, number>;

/** One oidc-provider artefact (ADR: every kind in one table, keyed by kind and id). */
interface OidcPayloadsTable {
  kind: string;
  id: string;
  /** The artefact as oidc-provider hands it over, as JSON text. */
  payload: string;
  grantId: string | null;
  /** The user the artefact belongs to, so that all of a user's tokens can be revoked at once. */
  accountId: string | null;
  uid: string | null;
  userCode: string | null;
  expiresAt: EpochSeconds | null;
  consumedAt: EpochSeconds | null;
}

interface OidcSigningKeysTable {
  id: string;
  alg: string;
  generation: number;
  /** The private JWK (or the cookie secret), encrypted with the deployment's key. */
  encryptedKey: string;
  createdAt: string;
  activatesAt: string;
  expiresAt: string;
}

export interface AuthServerTables {
  oidcPayloads: OidcPayloadsTable;
  oidcSigningKeys: OidcSigningKeysTable;
}
