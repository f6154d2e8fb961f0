import type { FastifyInstance } from 'fastify';
import { passwordGrant } from './sign-in-helpers.js';

/**
 * An access token from the real sign-in server (`POST /connect/token`, password grant, the web
 * client and the API scope), for `Authorization: Bearer` in route tests. Fails the test with the
 * server's answer when the sign-in is refused.
 */
export async function accessTokenFor(
  app: FastifyInstance,
  userName: string,
  password: string,
  tenant?: string,
): Promise<string> {
  const response = await passwordGrant(app, { username: userName, password, tenant });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${userName} failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { access_token: string }).access_token;
}

/** `Authorization` (and `__tenant`, when given) headers for `app.inject`. */
export const bearer = (token: string, tenant?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(tenant ? { __tenant: tenant } : {}),
});
