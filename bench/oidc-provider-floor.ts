import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/**
 * The floor under the refresh grant: oidc-provider by itself, on a plain Node HTTP server, with its
 * in-memory store and no Fastify, database, tenants or security log, issuing what the application
 * issues on a refresh (a rotated refresh token, an opaque access token, an ES256 ID token with the
 * profile claims). `npm run bench` runs it beside the application's refresh grant, in the same
 * run, so that the application's figure can be read against what the library alone costs.
 */
const port = Number(process.env.BENCH_PORT);
const issuer = `http://127.0.0.1:${port}`;
const scope = 'openid profile email roles offline_access Vineta';
const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'Vineta_App',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${issuer}/signin-oidc`],
      scope,
      id_token_signed_response_alg: 'ES256',
    },
  ],
  jwks: {
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'es' }],
  },
  enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
  scopes: scope.split(' '),
  claims: {
    openid: ['sub'],
    profile: ['name', 'preferred_username'],
    email: ['email', 'email_verified'],
    roles: ['role'],
  },
  conformIdTokenClaims: false,
  findAccount: async (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({
      sub,
      name: 'admin',
      preferred_username: 'admin',
      email: 'admin@vineta.local',
      email_verified: true,
      role: ['admin'],
    }),
  }),
  rotateRefreshToken: true,
  routes: { token: '/connect/token' },
  cookies: { keys: ['bench'] },
  features: { devInteractions: { enabled: false } },
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 60,
    IdToken: 3600,
    Interaction: 3600,
    Session: 3600,
    Grant: 30 * 86_400,
    RefreshToken: 14 * 86_400,
  },
});
provider.on('server_error', (_ctx, error) => console.error(error));

/** Refresh tokens to start chains from, as a password grant would have issued them. */
async function refreshTokens(count: number): Promise<string[]> {
  const client = await provider.Client.find('Vineta_App');
  if (!client) throw new Error('the Vineta_App client is not configured');
  return Promise.all(
    Array.from({ length: count }, async () => {
      const grant = new provider.Grant({ accountId: 'admin-id', clientId: 'Vineta_App' });
      grant.addOIDCScope(scope);
      const grantId = await grant.save();
      const token = new provider.RefreshToken({
        accountId: 'admin-id',
        client,
        grantId,
        gty: 'password',
        scope,
        rotations: 0,
        authTime: Math.floor(Date.now() / 1000),
      });
      return token.save();
    }),
  );
}

const server = createServer(provider.callback());
server.listen(port, '127.0.0.1', () => process.send?.({ address: issuer }));
process.on('message', async (message: { command: string; count?: number }) => {
  if (message.command === 'cpu') process.send?.(process.cpuUsage());
  if (message.command === 'refresh-tokens')
    process.send?.({ tokens: await refreshTokens(message.count ?? 10) });
  if (message.command === 'close') {
    process.send?.({ ok: true });
    process.exit(0);
  }
});
