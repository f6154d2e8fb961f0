/**
 * The account screens' paths and links. The query parameters that tie the screens to one
 * sign-in (`returnUrl`, and `interactionId` when they serve the sign-in server's code-flow
 * interaction) travel from one screen to the next.
 */
export const accountPaths = {
  login: '/account/login',
  register: '/account/register',
  forgotPassword: '/account/forgot-password',
  resetPassword: '/account/reset-password',
  manage: '/account/manage',
} as const;

/** The query parameters the account screens pass on to each other. */
const carried = ['returnUrl', 'interactionId'] as const;

/** `path` with the sign-in's `returnUrl` and `interactionId` taken from `search`. */
export function accountHref(path: string, search: string): string {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const name of carried) {
    const value = from.get(name);
    if (value) to.set(name, value);
  }
  const query = to.toString();
  return query ? `${path}?${query}` : path;
}
