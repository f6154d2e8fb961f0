import type { FindAccount, Provider } from 'oidc-provider';

/** A token endpoint answer, as oidc-provider's `buildTokenResponse` shapes it. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  token_type: string;
}

type ProviderClient = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>;

/**
 * The rotating refresh grant on oidc-provider's own models, without its Koa middleware stack:
 * the same steps, in the same order, as its `refresh_token` grant handler
 * (lib/actions/grants/refresh_token.js) for what this server configures — a public client,
 * `rotateRefreshToken: true`, no mTLS, DPoP, attestation, resource indicators or RAR on the token.
 *
 * Only the ordinary case is served here: the checks before the first write either pass, or this
 * answers `undefined` having written nothing, and the caller hands the request to the provider,
 * which runs the same checks again and answers (or revokes, for a reused token) exactly as it
 * always does. The writes (consume, new refresh token, access token) and the ID token go through
 * the provider's model classes, so the adapter, TTL functions (`ttl.RefreshToken` sliding and
 * absolute lifetimes), `extraTokenClaims` and the models' events are the provider's.
 */
export async function refreshOnModels(
  provider: Provider,
  findAccount: FindAccount,
  client: ProviderClient,
  refreshTokenValue: string,
  /** Runs the three writes as one unit (SQLite: one commit instead of three). */
  writeTogether: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<TokenResponse | undefined> {
  const { RefreshToken, Grant, AccessToken, IdToken } = provider;

  const previous = await RefreshToken.find(refreshTokenValue, { ignoreExpiration: true });
  if (!previous || previous.clientId !== client.clientId || previous.isExpired) return undefined;
  // Reuse detection (revoking the grant) and every binding are the provider's to handle.
  if (previous.consumed) return undefined;
  const bound = previous as unknown as Record<string, unknown>;
  if (bound['x5t#S256'] || bound.jkt || bound.attestationJkt) return undefined;
  if (previous.resource || bound.rar) return undefined;
  // Claims requested through the `claims` parameter need the provider's claim filtering.
  if (previous.claims && Object.keys(previous.claims).length > 0) return undefined;

  const grantId = previous.grantId;
  if (!grantId) return undefined;
  const grant = await Grant.find(grantId, { ignoreExpiration: true });
  if (!grant || grant.isExpired || grant.clientId !== client.clientId) return undefined;
  if (previous.accountId !== grant.accountId) return undefined;

  // Ours ignores the context (provider-config.ts): the account, or none when gone or re-stamped.
  const account = await findAccount(
    undefined as never,
    previous.accountId as string,
    previous as never,
  );
  if (!account || typeof account.claims !== 'function') return undefined;

  // From here on, the provider's writes: consume the presented token, save its successor and the
  // access token — together, so that a failure leaves the presented token unconsumed.
  const { next, scopes, accessToken, refreshToken, accessTokenValue } = await writeTogether(
    async () => {
      await previous.consume();
      const next = new RefreshToken({
        accountId: previous.accountId,
        acr: previous.acr,
        amr: previous.amr,
        authTime: previous.authTime,
        claims: previous.claims,
        client,
        expiresWithSession: previous.expiresWithSession,
        iiat: previous.iiat,
        grantId,
        gty: previous.gty,
        nonce: previous.nonce,
        resource: previous.resource,
        rotations: typeof previous.rotations === 'number' ? previous.rotations + 1 : 1,
        scope: previous.scope,
        sessionUid: previous.sessionUid,
        sid: previous.sid,
      } as ConstructorParameters<typeof RefreshToken>[0]);
      if (next.gty && !next.gty.endsWith('refresh_token')) next.gty = `${next.gty} refresh_token`;
      const refreshToken = await next.save();

      const accessToken = new AccessToken({
        accountId: account.accountId,
        client,
        expiresWithSession: next.expiresWithSession,
        grantId,
        gty: next.gty,
        sessionUid: next.sessionUid,
        sid: next.sid,
      } as ConstructorParameters<typeof AccessToken>[0]);
      if (accessToken.gty && !accessToken.gty.endsWith('refresh_token')) {
        accessToken.gty = `${accessToken.gty} refresh_token`;
      }
      const scopes = next.scopes;
      accessToken.claims = next.claims;
      accessToken.scope = grant.getOIDCScopeFiltered(scopes);
      const accessTokenValue = await accessToken.save();
      return { next, scopes, accessToken, refreshToken, accessTokenValue };
    },
  );

  let idToken: string | undefined;
  if (scopes.has('openid')) {
    const rejected = grant.getRejectedOIDCClaims();
    const claims = await account.claims('id_token', [...scopes].join(' '), {}, rejected);
    const token = new IdToken(
      {
        ...claims,
        sub: account.accountId,
        acr: next.acr,
        amr: next.amr,
        auth_time: next.authTime,
      },
      { client } as never,
    );
    // Not in the type definitions: what the provider's issueIdToken sets (with
    // conformIdTokenClaims off, the ID token keeps the granted scopes' claims).
    Object.assign(token, { scope: grant.getOIDCScopeFiltered(scopes), mask: {}, rejected });
    token.set('nonce', next.nonce);
    token.set('sid', next.sid);
    idToken = await token.issue({ use: 'idtoken' });
  }

  // The provider's member order (grant_response.js), absent members left out.
  const scope = next.scope ? accessToken.scope : accessToken.scope || undefined;
  const response: TokenResponse = {
    access_token: accessTokenValue,
    expires_in: accessToken.expiration,
    ...(idToken ? { id_token: idToken } : {}),
    refresh_token: refreshToken,
    ...(scope !== undefined ? { scope } : {}),
    token_type: accessToken.tokenType,
  };
  return response;
}
