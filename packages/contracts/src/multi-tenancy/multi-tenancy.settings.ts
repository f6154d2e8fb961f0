/**
 * ABP's `TenantResolverConsts`: the tenant key read from the header, query string, route value
 * and cookie (SPEC §2, §7: default `__tenant`).
 */
export const TenantResolverConsts = {
  DefaultTenantKey: '__tenant',
} as const;
