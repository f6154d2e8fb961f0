import { matchCulture } from './culture-info.js';

export const CULTURE_COOKIE = '.AspNetCore.Culture';

interface CultureSources {
  query: Record<string, unknown>;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
  /**
   * OpenID Connect's `ui_locales` of a request to the sign-in server (space-separated, best
   * first): a hint, weaker than a culture the user chose, stronger than the browser's languages.
   */
  uiLocales?: unknown;
}

/**
 * ASP.NET Core's order: `?culture=` (or `ui-culture`), the `.AspNetCore.Culture` cookie
 * (`c=xx|uic=xx`), then `Accept-Language` by quality; undefined when none names a supported culture,
 * so the caller falls back to the `Abp.Localization.DefaultLanguage` setting. A sign-in server's
 * `ui_locales` comes before `Accept-Language`.
 */
export function cultureFromRequest({
  query,
  cookies,
  acceptLanguage,
  uiLocales,
}: CultureSources): string | undefined {
  const queried = cultureFromQuery(query);
  if (queried) return queried;

  const cookie = decodedCookie(cookies[CULTURE_COOKIE]);
  if (cookie) {
    const parts = Object.fromEntries(
      cookie.split('|').map((part) => part.split('=') as [string, string | undefined]),
    );
    const fromCookie = matchCulture(parts.uic ?? parts.c);
    if (fromCookie) return fromCookie;
  }

  const hinted = hintedCulture(uiLocales);
  if (hinted) return hinted;

  for (const language of parseAcceptLanguage(acceptLanguage)) {
    const accepted = matchCulture(language);
    if (accepted) return accepted;
  }
  return undefined;
}

/** The supported culture a query string names (`ui-culture`, then `culture`), if any. */
function cultureFromQuery(query: Record<string, unknown>): string | undefined {
  return matchCulture(firstString(query['ui-culture']) ?? firstString(query.culture));
}

/**
 * The culture an authorization request asks the sign-in page for: ABP's clients send theirs as
 * `culture` and `ui-culture`, which ABP keeps in the culture cookie like any culture named in a
 * query string (`remembered`: a choice, it replaces an earlier one); OpenID Connect's `ui_locales`
 * is a hint, taken only by a browser that has chosen nothing, and only for its session.
 */
export function authorizationCulture(
  query: Record<string, unknown>,
  cookies: Record<string, string | undefined>,
): { culture: string; remembered: boolean } | undefined {
  const chosen = cultureFromQuery(query);
  if (chosen) return { culture: chosen, remembered: true };
  if (cookies[CULTURE_COOKIE]) return undefined;
  const hinted = hintedCulture(query.ui_locales);
  return hinted ? { culture: hinted, remembered: false } : undefined;
}

/** The first supported culture of a `ui_locales` value (`ja fr-CA en`: fr). */
function hintedCulture(uiLocales: unknown): string | undefined {
  return (firstString(uiLocales) ?? '')
    .split(' ')
    .map((tag) => matchCulture(tag))
    .find((culture) => culture !== undefined);
}

/** Languages of an Accept-Language header, best first (`fr-CH, fr;q=0.9, en;q=0.8`). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.find((param) => param.trim().startsWith('q='));
      return { tag: tag.trim(), q: quality ? Number(quality.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The cookie value the web app writes when the user picks a language. */
export function cultureCookieValue(culture: string): string {
  return `c=${culture}|uic=${culture}`;
}

/**
 * The cookie's text, or undefined when its percent-encoding is broken (`%zz`): ASP.NET ignores a
 * culture cookie it cannot parse, and a throw here failed every request of that browser with a 500.
 */
function decodedCookie(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}
