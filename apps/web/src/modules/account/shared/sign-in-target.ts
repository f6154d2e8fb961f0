import { type Environment, signinCallbackPath } from '#src/core/environment';

/** SPEC.md section 9: the default return route. */
export const defaultReturnPath = '/home';

/** A path on this origin (open redirects refused), or undefined. */
export function toLocalPath(url: string, origin: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a successful sign-in goes (SPEC.md section 4): the `returnUrl` query parameter (on this
 * origin), else the configured redirect URL, else /home. The code flow's callback is the
 * environment's redirect URI by default; that one is no destination after a password sign-in.
 */
export function signInTarget(search: string, environment: Environment, origin: string): string {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  const fromQuery = returnUrl ? toLocalPath(returnUrl, origin) : undefined;
  if (fromQuery) return fromQuery;
  const configured = environment.oAuthConfig.redirectUri;
  if (configured && configured !== `${origin}${signinCallbackPath}`) {
    return toLocalPath(configured, origin) ?? configured;
  }
  return defaultReturnPath;
}
