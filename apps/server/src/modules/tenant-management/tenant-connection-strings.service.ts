import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { DatabaseTarget } from '../../config.js';
import { parseConnectionString } from '../../db/connection-string.js';
import type { AppDataContext } from '../../db/database.js';
import { EntityNotFoundError } from '../../platform/errors/business-error.js';
import type { StringEncryption } from '../../platform/security/string-encryption.js';
import { ConnectionStringProblem, TenantManagementErrors } from './tenant-management.errors.js';
import type { TenantsRepository } from './tenants.repository.js';
import { TENANT_ENTITY } from './tenants.service.js';

/** ABP's `ConnectionStrings.DefaultConnectionStringName`. */
const DEFAULT_CONNECTION_STRING = 'Default';

const ENGINE_NAMES: Record<DatabaseTarget['dialect'], string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

/** What GET shows instead of a stored password; sent back unchanged, it keeps that password. */
const PASSWORD_MASK = '********';
const URL_PASSWORD = /^(postgres(?:ql)?:\/\/[^:/@?#]*:)([^@/?#]*)(@)/i;

const passwordOf = (value: string) => URL_PASSWORD.exec(value)?.[2];

interface TenantAdmin {
  email: string;
  passwordHash: string | null;
}

const sameDatabase = (a: DatabaseTarget, b: DatabaseTarget) =>
  a.dialect === 'sqlite' && b.dialect === 'sqlite'
    ? resolve(a.file) === resolve(b.file)
    : a.dialect === 'postgres' &&
      b.dialect === 'postgres' &&
      a.connectionString === b.connectionString;

const invalid = TenantManagementErrors.invalidConnectionString;

/** Whether a file is under a folder (not the folder itself, nor beside it through `..`). */
const isInside = (folder: string, file: string) => {
  const path = relative(resolve(folder), resolve(file));
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
};

/**
 * A tenant's default connection string (ABP's `…/default-connection-string` endpoints; the
 * Angular UI for them was removed in 4.1, complaint #7, the API stays). Values are checked before
 * they are stored, so a typo is a 400 now rather than a broken tenant later. They hold database
 * passwords, so they are stored encrypted and answered with the password masked.
 */
export function createTenantConnectionStringsService(deps: {
  data: AppDataContext;
  repository: TenantsRepository;
  encryption: StringEncryption;
  /** Where relative SQLite paths live. */
  dataDir: string;
  /** A tenant's database must use the shared database's engine, and not be it (decision 003). */
  sharedDatabase: DatabaseTarget;
  /** Opens and migrates a database, so that a bad one is refused before it is stored. */
  openDatabase(target: DatabaseTarget): Promise<void>;
  /** The tenant's admin where the tenant's data is now, to carry it to the new database. */
  adminOf(tenantId: string): Promise<TenantAdmin | undefined>;
  /**
   * After commit: every instance forgets the tenant's old database, and the new one is seeded
   * (static admin role, permissions, the admin with the same password).
   */
  onChanged(tenantId: string, admin: TenantAdmin | undefined): Promise<void>;
}) {
  const { data, repository, encryption } = deps;

  async function requireTenant(id: string) {
    if (!(await repository.findById(id))) throw new EntityNotFoundError(TENANT_ENTITY, id);
  }

  async function stored(id: string): Promise<string | null> {
    const value = await repository.findConnectionString(id, DEFAULT_CONNECTION_STRING);
    if (value === undefined) return null;
    return encryption.isEncrypted(value) ? encryption.decrypt(value) : value;
  }

  /** The admin is read where the tenant's data is before the change, then carried over. */
  async function change(id: string, store: () => Promise<void>) {
    await data.transaction(async () => {
      await requireTenant(id);
      const admin = await deps.adminOf(id);
      await store();
      await data.afterCommit(() => deps.onChanged(id, admin));
    });
  }

  return {
    /** The value in clear, for the data layer only: never send it to a client. */
    stored,

    /** The stored value with its password masked, or null when the tenant uses the shared database. */
    async get(id: string): Promise<string | null> {
      await requireTenant(id);
      const value = await stored(id);
      return value === null ? null : value.replace(URL_PASSWORD, `$1${PASSWORD_MASK}$3`);
    },

    async update(id: string, input: string): Promise<void> {
      await requireTenant(id);
      let value = input.trim();
      const previous = await stored(id);
      const previousPassword = passwordOf(previous ?? '');
      if (passwordOf(value) === PASSWORD_MASK && previousPassword !== undefined) {
        value = value.replace(
          URL_PASSWORD,
          (_, head: string, _password, at: string) => `${head}${previousPassword}${at}`,
        );
      }
      const target = parseConnectionString(value, deps.dataDir);
      if (!target) throw invalid();
      const shared = deps.sharedDatabase;
      if (target.dialect !== shared.dialect) {
        throw invalid(ConnectionStringProblem.WrongEngine, { 0: ENGINE_NAMES[shared.dialect] });
      }
      // A second connection to the shared SQLite file would wait on its own transaction's lock.
      if (sameDatabase(target, shared)) throw invalid(ConnectionStringProblem.SharedDatabase);
      // Files elsewhere escape the data folder's backups and permissions. A value stored before
      // this rule stays as it is (its tenant keeps starting) and may be saved again unchanged.
      const previousTarget = previous && parseConnectionString(previous, deps.dataDir);
      if (
        target.dialect === 'sqlite' &&
        !isInside(deps.dataDir, target.file) &&
        !(previousTarget && sameDatabase(target, previousTarget))
      ) {
        throw invalid(ConnectionStringProblem.OutsideDataFolder);
      }
      try {
        await deps.openDatabase(target);
      } catch (error) {
        // The driver's message helps the host (unknown host, no such database), minus any password.
        const message = error instanceof Error ? error.message : String(error);
        const password = passwordOf(value);
        throw invalid(ConnectionStringProblem.CannotOpen, {
          0: password ? message.split(password).join(PASSWORD_MASK) : message,
        });
      }
      await change(id, () =>
        repository.setConnectionString(id, DEFAULT_CONNECTION_STRING, encryption.encrypt(value)),
      );
    },

    /** Back to the shared database. */
    async delete(id: string): Promise<void> {
      await requireTenant(id);
      await change(id, () => repository.deleteConnectionString(id, DEFAULT_CONNECTION_STRING));
    },
  };
}

export type TenantConnectionStringsService = ReturnType<
  typeof createTenantConnectionStringsService
>;
