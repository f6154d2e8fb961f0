import { parse } from 'node:querystring';
import { BooleanInput } from '@vineta/contracts/common/entity';

/** A .NET-style boolean in the query string (`true`, `True`…); absent is undefined. */
export const booleanParameter = BooleanInput.optional();

/**
 * The query string with ASP.NET's tolerance for the case of a name's first letter: ABP's C#
 * proxies send `Filter`, `Sorting`, `SkipCount`, `MaxResultCount` (its API description's names),
 * which the routes' camelCase schemas would otherwise silently drop. A name already present in
 * camelCase wins.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const query = parse(text) as Record<string, string | string[]>;
  for (const name of Object.keys(query)) {
    const first = name.charCodeAt(0);
    if (first < 65 || first > 90) continue; // not A–Z
    const camel = name[0]?.toLowerCase() + name.slice(1);
    if (!(camel in query)) query[camel] = query[name] as string | string[];
    delete query[name];
  }
  return query;
}
