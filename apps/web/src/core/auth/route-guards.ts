import { data, redirect } from 'react-router';
import { hasPermission } from '../permissions/use-permission';
import { isInternalAuth, loadAuthClient, loginPath } from './auth-service';
import { hasValidAccessToken } from './token-storage';

/** Keeps the navigation pending while the browser leaves for the sign-in server. */
function leaveForSignIn(returnUrl: string): Promise<never> {
  void loadAuthClient().then((auth) => auth.signinRedirect(returnUrl));
  return new Promise<never>(() => undefined);
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** ABP's AuthGuard: a valid access token, otherwise the sign-in page (or server). */
export async function requireAuthenticated(request: Request): Promise<void> {
  if (hasValidAccessToken()) return;
  const returnUrl = pathOf(request);
  if (!isInternalAuth()) await leaveForSignIn(returnUrl);
  throw redirect(`${loginPath}?returnUrl=${encodeURIComponent(returnUrl)}`);
}

/**
 * ABP's AuthenticationFlowGuard: the app's own sign-in pages exist only in the password flow,
 * and as the sign-in server's pages of a code-flow interaction (`interactionId`) in either flow.
 */
export async function requireInternalAuthentication(request: Request): Promise<void> {
  const url = new URL(request.url);
  if (isInternalAuth() || url.searchParams.has('interactionId')) return;
  const returnUrl = url.searchParams.get('returnUrl') ?? '/';
  await leaveForSignIn(returnUrl);
}

/** ABP's PermissionGuard: a missing policy is reported as 403. */
export function requirePolicy(policy: string | undefined): void {
  if (policy && !hasPermission(policy)) throw data(null, { status: 403, statusText: 'Forbidden' });
}
