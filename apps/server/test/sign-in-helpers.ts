import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { creationAudit, newConcurrencyStamp, normalize } from '../src/platform/data/audit.js';
import { withinTenant } from '../src/platform/data/data-scope.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './create-test-app.js';
import { newTenantRow } from './tenant-rows.js';

export const WEB_CLIENT = 'Vineta_App';
export const FULL_SCOPE = 'openid profile email phone roles offline_access Vineta';

/** A port nobody listens on right now, so the app can be built with APP_URL naming it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app listening on a free port, with APP_URL naming it, and openid-client's configuration
 * for the web client, discovered from it: for tests that drive the server as a real client does.
 */
export async function listeningTestApp(): Promise<{
  t: TestApp;
  origin: string;
  config: client.Configuration;
}> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { APP_URL: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  const config = await client.discovery(new URL(origin), WEB_CLIENT, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  return { t, origin, config };
}

/** `grant_type=password` through `inject`, as the web app's password flow sends it. */
export function passwordGrant(
  app: FastifyInstance,
  options: {
    username?: string;
    password?: string;
    scope?: string;
    tenant?: string;
    culture?: string;
  } = {},
) {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: WEB_CLIENT,
    username: options.username ?? 'admin',
    password: options.password ?? TEST_ADMIN_PASSWORD,
    scope: options.scope ?? FULL_SCOPE,
  });
  return app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': options.culture ?? 'en',
      ...(options.tenant ? { __tenant: options.tenant } : {}),
    },
    payload: form.toString(),
  });
}

/** `grant_type=refresh_token`; naming a `scope` sends it past the shortcut, to the provider. */
export function refreshGrant(
  app: FastifyInstance,
  refreshToken: string,
  options: { scope?: string; culture?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': options.culture ?? 'en',
    },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: WEB_CLIENT,
      refresh_token: refreshToken,
      ...(options.scope ? { scope: options.scope } : {}),
    }).toString(),
  });
}

/** A tenant row and its seeded `admin` user (password TEST_ADMIN_PASSWORD). */
export async function createTenant(
  app: FastifyInstance,
  name: string,
  options: { isActive?: boolean; adminEmail?: string } = {},
): Promise<string> {
  const { services } = app;
  const id = crypto.randomUUID();
  await services.tenants.insert(newTenantRow(id, name, { isActive: options.isActive ?? true }));
  await services.identitySeeder.seed(id, {
    email: options.adminEmail ?? `admin@${name.toLowerCase()}.test`,
    password: TEST_ADMIN_PASSWORD,
  });
  return id;
}

/** A user with a password in a tenant (`null`: the host), straight through the repositories. */
export async function createUser(
  app: FastifyInstance,
  tenantId: string | null,
  userName: string,
  password: string,
  email = `${userName}@example.test`,
): Promise<string> {
  const { services } = app;
  const id = crypto.randomUUID();
  const passwordHash = await services.passwordHasher.hash(password);
  await withinTenant(tenantId, () =>
    services.users.insert({
      id,
      userName,
      normalizedUserName: normalize(userName),
      email,
      normalizedEmail: normalize(email),
      passwordHash,
      securityStamp: crypto.randomUUID(),
      concurrencyStamp: newConcurrencyStamp(),
      ...creationAudit(),
    }),
  );
  return id;
}

/** A minimal cookie jar for driving browser redirects by hand. */
export class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(setCookie: string | string[] | undefined): void {
    for (const header of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const path =
        attributes
          .map((attribute) => attribute.trim())
          .find((attribute) => attribute.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute));
      const key = `${name}|${path}`;
      if (expired || value === '') this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url, 'http://x');
    return [...this.#cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    for (const [key, cookie] of this.#cookies) if (key.split('|')[0] === name) return cookie.value;
    return undefined;
  }
}
