import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { createUser } from '../../../test/sign-in-helpers.js';
import { includingDeleted } from '../../platform/data/data-scope.js';

let t: TestApp;
let host: Record<string, string>;
const PASSWORD = 'Tenant-Pass-1!';
const url = '/api/multi-tenancy/tenants';

const create = (name: string, headers = host, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: {
      name,
      adminEmailAddress: `admin@${name.toLowerCase()}.mx`,
      adminPassword: PASSWORD,
      ...extra,
    },
  });
const list = async (query = '') => {
  const response = await t.app.inject({ url: `${url}${query}`, headers: host });
  expect(response.statusCode).toBe(200);
  return response.json() as { totalCount: number; items: { id: string; name: string }[] };
};

beforeAll(async () => {
  t = await createTestApp();
  host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
  for (const name of ['Bravo', 'alpha', 'Charlie'])
    expect((await create(name)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('authorization', () => {
  it('answers 401 without a token and 403 to a host user without the permission', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await create('Nobody', {})).statusCode).toBe(401);
    await createUser(t.app, null, 'plain', 'Plain-Pass-1!');
    const plain = bearer(await accessTokenFor(t.app, 'plain', 'Plain-Pass-1!'));
    const response = await t.app.inject({ url, headers: plain });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBeTruthy();
    expect((await create('Nobody', plain)).statusCode).toBe(403);
  });
});

describe('GET /api/multi-tenancy/tenants', () => {
  it('sorts by name by default, case-insensitively, and pages', async () => {
    expect((await list()).items.map((tenant) => tenant.name)).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
    ]);
    const page = await list('?sorting=name%20desc&skipCount=1&maxResultCount=1');
    expect(page).toMatchObject({ totalCount: 3, items: [{ name: 'Bravo' }] });
  });

  it("takes ABP's C# proxies' spelling: PascalCase parameters and sort keys", async () => {
    const first = await list('?Sorting=Name%20DESC&MaxResultCount=1');
    expect(first).toMatchObject({ totalCount: 3, items: [{ name: 'Charlie' }] });
    const last = await list('?Sorting=Name%20DESC&SkipCount=2');
    expect(last.items.map((tenant) => tenant.name)).toEqual(['alpha']);
    expect((await list('?Filter=rav&Sorting=CreationTime')).items).toHaveLength(1);
  });

  it('filters on part of the name, case-insensitively, with % and _ taken literally', async () => {
    expect((await list('?filter=RAV')).items.map((tenant) => tenant.name)).toEqual(['Bravo']);
    expect((await list('?filter=%25')).totalCount).toBe(0);
    expect((await list('?filter=_')).totalCount).toBe(0);
  });

  it('refuses sorting by an unknown column with a validation error', async () => {
    const response = await t.app.inject({ url: `${url}?sorting=passwordHash`, headers: host });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors[0].members).toEqual(['sorting']);
  });
});

describe('POST /api/multi-tenancy/tenants', () => {
  it('answers the TenantDto', async () => {
    const response = await create('Delta', host, { extraProperties: { plan: 'gold' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Delta',
      isActive: true,
      concurrencyStamp: expect.any(String),
      extraProperties: { plan: 'gold' },
    });
  });

  it('refuses a taken name, whatever its case, with 403', async () => {
    const response = await create('ALPHA');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'Volo.Abp.TenantManagement:DuplicateTenantName',
      message: 'Ya existe un inquilino con el nombre: ALPHA',
    });
  });

  it('keeps a name without the spaces around it, so that a spaced copy is taken', async () => {
    const email = { adminEmailAddress: 'admin@spaced.mx' };
    const response = await create(' Spaced ', host, email);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Spaced');
    expect((await create('spaced  ', host, email)).statusCode).toBe(403);
  });

  it("checks the admin password against the host's rules and creates nothing when it fails", async () => {
    const response = await create('Weak', host, { adminPassword: 'short' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('Volo.Abp.Identity:PasswordTooShort');
    expect((await list('?filter=weak')).totalCount).toBe(0);
  });

  it('validates the input (name of at most 64, e-mail)', async () => {
    const response = await create('x'.repeat(65), host, { adminEmailAddress: 'nope' });
    expect(response.statusCode).toBe(400);
    const members = response
      .json()
      .error.validationErrors.map((e: { members: string[] }) => e.members[0]);
    expect(members.sort()).toEqual(['adminEmailAddress', 'name']);
  });
});

describe('GET and PUT /api/multi-tenancy/tenants/{id}', () => {
  it('gets one tenant, and 404 for an unknown id', async () => {
    const [first] = (await list()).items;
    const response = await t.app.inject({ url: `${url}/${first?.id}`, headers: host });
    expect(response.json()).toMatchObject({ id: first?.id, name: 'alpha' });
    const missing = await t.app.inject({ url: `${url}/${crypto.randomUUID()}`, headers: host });
    expect(missing.statusCode).toBe(404);
  });

  it('renames with the current stamp, refuses a stale stamp (409) and a taken name (403)', async () => {
    const echo = (await create('Echo')).json();
    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${url}/${echo.id}`, headers: host, payload: body });
    const renamed = await put({ name: 'Echo2', concurrencyStamp: echo.concurrencyStamp });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Echo2', isActive: true });
    expect(renamed.json().concurrencyStamp).not.toBe(echo.concurrencyStamp);

    const stale = await put({ name: 'Echo3', concurrencyStamp: echo.concurrencyStamp });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('AbpExceptionHandling:ConcurrencyErrorMessage');

    const taken = await put({ name: 'bravo', concurrencyStamp: renamed.json().concurrencyStamp });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error.code).toBe('Volo.Abp.TenantManagement:DuplicateTenantName');

    // ABP 5+ checks a stamp only when one is sent (4.4's tenant update had none).
    for (const concurrencyStamp of [undefined, null]) {
      const unstamped = await put({ name: 'Echo4', concurrencyStamp });
      expect(unstamped.statusCode).toBe(200);
    }
  });
});

describe('DELETE /api/multi-tenancy/tenants/{id}', () => {
  it('soft-deletes (hidden from the list and from GET), and succeeds for unknown ids', async () => {
    const foxtrot = (await create('Foxtrot')).json();
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: host });
    expect((await remove(foxtrot.id)).statusCode).toBe(204);
    expect((await list('?filter=foxtrot')).totalCount).toBe(0);
    expect((await t.app.inject({ url: `${url}/${foxtrot.id}`, headers: host })).statusCode).toBe(
      404,
    );
    expect((await remove(crypto.randomUUID())).statusCode).toBe(204);
    const row = await includingDeleted(() =>
      t.app.services.data.db
        .selectFrom('tenants')
        .select(['isDeleted', 'deletionTime'])
        .where('id', '=', foxtrot.id)
        .executeTakeFirst(),
    );
    expect(row).toEqual({ isDeleted: true, deletionTime: expect.any(String) });
  });
});
