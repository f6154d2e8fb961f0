import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_ADMIN_PASSWORD } from './create-test-app.js';
import { accessTokenFor, bearer } from './sign-in.js';

/** Meets the default password rules (length 6, digit, lower, upper, non-alphanumeric). */
export const USER_PASSWORD = 'Passw0rd!';

type Payload = NonNullable<InjectOptions['payload']>;

export interface ApiClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** `app.inject` with a bearer token (and `__tenant`), JSON in and out; no token: anonymous. */
export function apiClient(app: FastifyInstance, token?: string, tenant?: string): ApiClient {
  const headers = {
    'accept-language': 'en',
    ...(token ? bearer(token, tenant) : tenant ? { __tenant: tenant } : {}),
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload ?? {}),
    put: (url, payload) => send('PUT', url, payload ?? {}),
    delete: (url) => send('DELETE', url),
  };
}

/** The seeded `admin` of the host or of a tenant, signed in through the real token endpoint. */
export async function adminClient(app: FastifyInstance, tenant?: string): Promise<ApiClient> {
  return apiClient(app, await accessTokenFor(app, 'admin', TEST_ADMIN_PASSWORD, tenant), tenant);
}

export async function signedIn(
  app: FastifyInstance,
  userName: string,
  password = USER_PASSWORD,
  tenant?: string,
): Promise<ApiClient> {
  return apiClient(app, await accessTokenFor(app, userName, password, tenant), tenant);
}

/** Creates a user through the API and returns its DTO; fails the test with the answer otherwise. */
export async function createUser(
  api: ApiClient,
  userName: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; concurrencyStamp: string } & Record<string, unknown>> {
  const response = await api.post('/api/identity/users', {
    userName,
    email: `${userName}@example.test`,
    password: USER_PASSWORD,
    ...extra,
  });
  if (response.statusCode !== 200) {
    throw new Error(`creating ${userName}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

export async function createRole(
  api: ApiClient,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; name: string; concurrencyStamp: string }> {
  const response = await api.post('/api/identity/roles', { name, ...extra });
  if (response.statusCode !== 200) {
    throw new Error(`creating role ${name}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Grants (or revokes) permissions through the permission-management API. */
export async function setPermissions(
  api: ApiClient,
  providerName: 'R' | 'U',
  providerKey: string,
  permissions: Record<string, boolean>,
): Promise<void> {
  const response = await api.put(
    `/api/permission-management/permissions?providerName=${providerName}&providerKey=${encodeURIComponent(providerKey)}`,
    { permissions: Object.entries(permissions).map(([name, isGranted]) => ({ name, isGranted })) },
  );
  if (response.statusCode !== 204) {
    throw new Error(
      `granting to ${providerName}:${providerKey}: ${response.statusCode} ${response.body}`,
    );
  }
}

/** ABP's error body of a failed call. */
export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string | null; message: string } }).error;
