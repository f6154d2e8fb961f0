import type { MaybePromise } from '../async/maybe-promise.js';
import { isStorableText } from '../data/storable-text.js';

/** What the platform needs to know of a tenant; the tenant-management module supplies the store. */
export interface TenantInfo {
  id: string;
  name: string;
  isActive: boolean;
}

/** Lookups answered at once when cached (a rejected promise, never a throw, on failure). */
export interface TenantStore {
  findById(id: string): MaybePromise<TenantInfo | undefined>;
  findByName(name: string): MaybePromise<TenantInfo | undefined>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value may be a tenant's id or its name (ABP's `TenantIdOrName`). A `__tenant` with a NUL names
 * no tenant: it is not looked up, which on PostgreSQL failed the whole request.
 */
export async function findTenantByIdOrName(
  store: TenantStore,
  idOrName: string,
): Promise<TenantInfo | undefined> {
  if (!isStorableText(idOrName)) return undefined;
  if (uuidPattern.test(idOrName)) {
    const byId = await store.findById(idOrName.toLowerCase());
    if (byId) return byId;
  }
  return store.findByName(idOrName);
}
