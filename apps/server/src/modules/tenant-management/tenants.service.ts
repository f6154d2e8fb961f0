import type { PagedResultDto } from '@vineta/contracts/common/paged';
import type {
  GetTenantsInput,
  TenantCreateDto,
  TenantDto,
  TenantUpdateDto,
} from '@vineta/contracts/tenant-management/tenant';
import type { AppDataContext } from '../../db/database.js';
import {
  creationAudit,
  modificationAudit,
  newConcurrencyStamp,
  normalize,
} from '../../platform/data/audit.js';
import { withinTenant } from '../../platform/data/data-scope.js';
import { parseExtraProperties } from '../../platform/data/extra-properties.js';
import { parseSorting } from '../../platform/data/list-sorting.js';
import { ConcurrencyError, EntityNotFoundError } from '../../platform/errors/business-error.js';
import { TenantManagementErrors } from './tenant-management.errors.js';
import { createTenantManager, isUniqueViolation } from './tenant-manager.js';
import { type TenantRow, type TenantsRepository, tenantSortKeys } from './tenants.repository.js';

/** ABP's entity name, as its "There is no entity … with id = …" message shows it. */
export const TENANT_ENTITY = 'Volo.Abp.TenantManagement.Tenant';

interface TenantsServiceDeps {
  data: AppDataContext;
  repository: TenantsRepository;
  /** Hashes the admin password before any transaction opens (argon2 must not hold SQLite's lock). */
  hasher: { hash(password: string): Promise<string> };
  /** Checks a password against the current side's rules; called as the host. */
  passwordPolicy: { validate(password: string): Promise<void> };
  /** The identity seed of the new tenant, inside the creating transaction. */
  seeder: {
    seedHashed(
      tenantId: string | null,
      admin: { email: string; passwordHash: string | null },
    ): Promise<unknown>;
  };
  /** Told after commit about every changed tenant, so resolution sees it on every instance. */
  forgetTenant(tenant: { id: string; name: string }): Promise<void>;
}

function toTenantDto(row: TenantRow): TenantDto {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    concurrencyStamp: row.concurrencyStamp,
    extraProperties: parseExtraProperties(row.extraProperties),
  };
}

/** `name desc` → key and direction; the route's schema already allowed only known keys. */

/** ABP's `TenantAppService` (host side only; the routes check the permissions). */
export function createTenantsService(deps: TenantsServiceDeps) {
  const { data, repository } = deps;
  const manager = createTenantManager(repository);
  const forgetAfterCommit = (...tenants: { id: string; name: string }[]) =>
    data.afterCommit(async () => {
      for (const tenant of tenants) await deps.forgetTenant(tenant);
    });

  async function getRow(id: string): Promise<TenantRow> {
    const row = await repository.findById(id);
    if (!row) throw new EntityNotFoundError(TENANT_ENTITY, id);
    return row;
  }

  /** Maps a unique-index violation (two creations racing) to ABP's duplicate-name error. */
  async function guardUnique<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw TenantManagementErrors.duplicateTenantName(name.trim());
      throw error;
    }
  }

  return {
    async getList(input: GetTenantsInput): Promise<PagedResultDto<TenantDto>> {
      const filter = input.filter?.trim() ? normalize(input.filter.trim()) : undefined;
      // Keys in any case: ABP's C# proxies send 'Name'.
      const { key, direction } = parseSorting(input.sorting, tenantSortKeys, 'name');
      const [totalCount, rows] = await Promise.all([
        repository.count(filter),
        repository.getList({
          normalizedFilter: filter,
          sortKey: key,
          descending: direction === 'desc',
          skipCount: input.skipCount,
          maxResultCount: input.maxResultCount,
        }),
      ]);
      return { totalCount, items: rows.map(toTenantDto) };
    },

    async get(id: string): Promise<TenantDto> {
      return toTenantDto(await getRow(id));
    },

    /**
     * The tenant, its static `admin` role with every tenant-side permission and its `admin` user,
     * in one transaction: a failure anywhere leaves no tenant behind (ABP's `TenantCreatedEto`
     * seeding ran after the commit and could leave a tenant without an admin).
     */
    async create(input: TenantCreateDto): Promise<TenantDto> {
      // The admin password must satisfy the host's rules: the tenant has no settings yet.
      await withinTenant(null, () => deps.passwordPolicy.validate(input.adminPassword));
      const passwordHash = await deps.hasher.hash(input.adminPassword);
      const id = crypto.randomUUID();
      const row = await guardUnique(input.name, () =>
        data.transaction(async () => {
          const { name, normalizedName } = await manager.checkName(input.name);
          await repository.insert({
            id,
            name,
            normalizedName,
            isActive: input.isActive,
            extraProperties: JSON.stringify(input.extraProperties ?? {}),
            concurrencyStamp: newConcurrencyStamp(),
            ...creationAudit(),
          });
          await deps.seeder.seedHashed(id, { email: input.adminEmailAddress, passwordHash });
          // A lookup by this name may have cached "no such tenant".
          await forgetAfterCommit({ id, name });
          return getRow(id);
        }),
      );
      return toTenantDto(row);
    },

    /** Name, active flag and extra properties, if the caller's `concurrencyStamp` is current. */
    async update(id: string, input: TenantUpdateDto): Promise<TenantDto> {
      const row = await guardUnique(input.name, () =>
        data.transaction(async () => {
          const current = await getRow(id);
          // ABP: no stamp sent, no check.
          const stamp = input.concurrencyStamp ?? current.concurrencyStamp;
          if (current.concurrencyStamp !== stamp) throw new ConcurrencyError();
          const { name, normalizedName } = await manager.checkName(input.name, id);
          const updated = await repository.update(id, stamp, {
            name,
            normalizedName,
            ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
            ...(input.extraProperties === undefined
              ? {}
              : { extraProperties: JSON.stringify(input.extraProperties) }),
            concurrencyStamp: newConcurrencyStamp(),
            ...modificationAudit(),
          });
          if (!updated) throw new ConcurrencyError();
          await forgetAfterCommit(current, { id, name });
          return getRow(id);
        }),
      );
      return toTenantDto(row);
    },

    /**
     * Soft delete, as ABP: the tenant's data stays, its name becomes free, and resolution (by
     * name, by id or from a token's tenant) answers "not available" at once. Unknown ids succeed.
     */
    async delete(id: string): Promise<void> {
      await data.transaction(async () => {
        const current = await repository.findById(id);
        if (!current) return;
        await repository.softDelete(id);
        await forgetAfterCommit(current);
      });
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
