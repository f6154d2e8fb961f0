const placeholder = '{0}';

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The tenant name from the host-name pattern: a base URL such as `https://{0}.vineta.app` matched
 * against the current URL. Undefined when the pattern has no `{0}` or does not match.
 */
export function tenantNameFromHost(baseUrl: string, currentUrl: string): string | undefined {
  if (!baseUrl.includes(placeholder)) return undefined;
  const [before = '', after = ''] = baseUrl.split(placeholder);
  const pattern = new RegExp(
    `^${escapeRegExp(stripProtocol(before))}([^./:]+)${escapeRegExp(stripProtocol(after))}`,
    'i',
  );
  const match = pattern.exec(stripProtocol(currentUrl));
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function stripProtocol(url: string): string {
  return url.replace(/^[a-z]+:\/\//i, '');
}

/** The tenant (id or name) given in the query parameter named by the tenant key. */
export function tenantFromQuery(search: string, tenantKey: string): string | undefined {
  const value = new URLSearchParams(search).get(tenantKey)?.trim();
  return value || undefined;
}
