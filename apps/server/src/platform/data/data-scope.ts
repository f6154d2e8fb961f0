import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, Transaction } from 'kysely';

/**
 * What the data layer needs to know about the caller: the tenant whose rows it may touch, the
 * data filters in force (ABP's IDataFilter) and the open transaction, if any. A request owns one
 * mutable scope (the tenant is filled in once resolved); `within*` helpers open child scopes.
 */
export interface DataScope {
  /** `null` is the host; `undefined` means not resolved yet: tenant-owned tables then refuse queries. */
  tenantId: string | null | undefined;
  tenantFilter: boolean;
  softDeleteFilter: boolean;
  userId: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: the transaction is of whatever schema the caller uses
  transaction: Transaction<any> | undefined;
  /** Work to run once the open transaction commits (cache invalidation, notifications). */
  afterCommit: (() => Promise<void>)[] | undefined;
  /** Writes held back until the open `writeTogether` runs them (transaction.ts). */
  queuedWrites?: CompiledQuery[];
}

const storage = new AsyncLocalStorage<DataScope>();

export function currentDataScope(): DataScope | undefined {
  return storage.getStore();
}

export function newDataScope(values: Partial<DataScope> = {}): DataScope {
  return {
    tenantId: undefined,
    tenantFilter: true,
    softDeleteFilter: true,
    userId: null,
    transaction: undefined,
    afterCommit: undefined,
    ...values,
  };
}

/** Runs `work` in `scope` (a request's scope, or a background job's). */
export function runInScope<T>(scope: DataScope, work: () => T): T {
  return storage.run(scope, work);
}

function withChild<T>(changes: Partial<DataScope>, work: () => T): T {
  const parent = storage.getStore() ?? newDataScope();
  return storage.run({ ...parent, ...changes }, work);
}

/** Runs `work` as the given tenant (`null`: the host), as ABP's `CurrentTenant.Change`. */
export function withinTenant<T>(tenantId: string | null, work: () => T): T {
  return withChild({ tenantId }, work);
}

/**
 * The one escape hatch from tenant isolation (ABP's `DataFilter.Disable<IMultiTenant>()`): queries
 * inside see every tenant's rows. Keep each use small and searchable.
 */
export function acrossAllTenants<T>(work: () => T): T {
  return withChild({ tenantFilter: false }, work);
}

/** Lets `work` see soft-deleted rows (ABP's `DataFilter.Disable<ISoftDelete>()`). */
export function includingDeleted<T>(work: () => T): T {
  return withChild({ softDeleteFilter: false }, work);
}
