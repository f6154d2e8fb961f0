import { type Environment, signinCallbackPath } from '#src/core/environment';
import { toLocalPath } from '#src/core/routing/local-path';

/** SPEC.md section 9: the default return route. */
export const defaultReturnPath = '/home';

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
