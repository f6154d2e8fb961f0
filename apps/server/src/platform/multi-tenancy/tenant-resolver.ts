import { type MaybePromise, whenReady } from '../async/maybe-promise.js';
import { BusinessError } from '../errors/business-error.js';
import { findTenantByIdOrName, type TenantInfo, type TenantStore } from './tenant-store.js';

export interface TenantResolveSources {
  /** The signed-in user's tenant: `null` for a host user, undefined when anonymous. */
  userTenantId: string | null | undefined;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  hostname: string;
}

interface TenantResolverOptions {
  isEnabled: boolean;
  tenantKey: string;
  /** e.g. `{0}.vineta.example`: the part standing for `{0}` names the tenant. */
  hostPattern: string | undefined;
}

/** The resolved tenant: undefined means the host. */
type ResolvedTenant = TenantInfo | undefined;

/**
 * ABP's contributors in ABP's order: the user's tenant, the query string, the header, the cookie,
 * then the host name. The first source that has the key decides, even when its value is empty
 * (an empty value picks the host, which is how the web app asks for host-side lookups).
 */
export function createTenantResolver(store: TenantStore, options: TenantResolverOptions) {
  const hostRegex = options.hostPattern ? hostPatternRegex(options.hostPattern) : undefined;
  const key = options.tenantKey;
  const headerKey = key.toLowerCase();

  function idOrName(sources: TenantResolveSources): string | undefined {
    const fromQuery = first(sources.query[key]);
    if (fromQuery !== undefined) return fromQuery;
    const fromHeader = first(sources.headers[headerKey]);
    if (fromHeader !== undefined) return fromHeader;
    const fromCookie = sources.cookies[key];
    if (fromCookie !== undefined) return fromCookie;
    return hostRegex?.exec(sources.hostname)?.[1];
  }

  return {
    /** At once when no tenant is named or the store has it cached; a 404/403 is rejected. */
    resolve(sources: TenantResolveSources): MaybePromise<ResolvedTenant> {
      if (!options.isEnabled) return undefined;
      const { userTenantId } = sources;
      if (userTenantId !== undefined) {
        if (userTenantId === null) return undefined;
        return whenReady(store.findById(userTenantId), (tenant) =>
          activeTenant(tenant, userTenantId),
        );
      }
      const value = idOrName(sources)?.trim();
      if (!value) return undefined;
      return findTenantByIdOrName(store, value).then((tenant) => activeTenant(tenant, value));
    },
  };
}

/**
 * ABP's multi-tenancy middleware names a tenant it cannot use in this header, beside the error
 * body; ABP's Angular client reads only the header to drop the tenant and sign out.
 */
export const TENANT_RESOLVE_ERROR_HEADER = 'Abp-Tenant-Resolve-Error';

function activeTenant(tenant: TenantInfo | undefined, requested: string): TenantInfo {
  if (!tenant) {
    throw new BusinessError('AbpUiMultiTenancy:GivenTenantIsNotAvailable', {
      status: 404,
      data: { 0: requested },
      messageHeader: TENANT_RESOLVE_ERROR_HEADER,
    });
  }
  if (!tenant.isActive) {
    throw new BusinessError('AbpUiMultiTenancy:GivenTenantIsNotActive', {
      status: 403,
      data: { 0: tenant.name },
      messageHeader: TENANT_RESOLVE_ERROR_HEADER,
    });
  }
  return tenant;
}

function first(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

function hostPatternRegex(pattern: string): RegExp {
  const escaped = pattern
    .replace(/^https?:\/\//, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\\{0\\}', '([^.]+)');
  return new RegExp(`^${escaped}$`, 'i');
}
