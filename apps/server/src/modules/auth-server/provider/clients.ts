import type { ClientMetadata } from 'oidc-provider';

/** ABP's client id convention (`<Project>_App`) for the web app. */
const WEB_CLIENT_ID = 'Vineta_App';

/** The API scope; an access token must carry it to be accepted by `/api/*` (ABP's audience). */
export const API_SCOPE = 'Vineta';

export const SCOPES = ['openid', 'profile', 'email', 'phone', 'roles', 'offline_access', API_SCOPE];

/** Callback paths under APP_URL (oidc-client-ts' conventions; ABP's Angular used APP_URL itself). */
const SIGN_IN_CALLBACK_PATH = '/signin-oidc';
const SIGN_OUT_CALLBACK_PATH = '/signout-callback-oidc';

/** Clients that never see a consent screen: the first-party web app. */
export const FIRST_PARTY_CLIENTS: ReadonlySet<string> = new Set([WEB_CLIENT_ID]);

/**
 * The web app as a public client (no secret; PKCE S256 is enforced for public clients), with the
 * code flow, the resource-owner password flow and refresh tokens. Redirect and post-logout URIs
 * are derived from APP_URL, plus any extra ones (a development server).
 */
export function webClient(appUrl: string, extraRedirectUris: readonly string[]): ClientMetadata {
  const extraOrigins = extraRedirectUris.map((uri) => new URL(uri).origin);
  const unique = (values: string[]) => [...new Set(values)];
  return {
    client_id: WEB_CLIENT_ID,
    client_name: 'Viñeta',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token', 'password'],
    response_types: ['code'],
    redirect_uris: unique([
      `${appUrl}${SIGN_IN_CALLBACK_PATH}`,
      appUrl,
      `${appUrl}/`,
      ...extraRedirectUris,
    ]),
    post_logout_redirect_uris: unique([
      `${appUrl}${SIGN_OUT_CALLBACK_PATH}`,
      appUrl,
      `${appUrl}/`,
      ...extraOrigins,
      ...extraOrigins.map((origin) => `${origin}${SIGN_OUT_CALLBACK_PATH}`),
    ]),
    scope: SCOPES.join(' '),
    // ES256 signs in a tenth of RS256's time; RS256 stays published for relying parties that want it.
    id_token_signed_response_alg: 'ES256',
  };
}
