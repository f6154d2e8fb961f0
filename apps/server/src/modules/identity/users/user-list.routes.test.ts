import { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  createRole,
  createUser,
} from '../../../../test/identity-api.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { withinTenant } from '../../../platform/data/data-scope.js';

let testApp: TestApp;
let admin: ApiClient;

const firstNames = ['Ana', 'José', 'Lucía', 'Pedro', 'Zoë'];
const surnames = ['García', 'López', 'Núñez', 'Ortiz_Q', 'Pérez%'];

/** 50 users straight through the repository (no argon2): names repeat, so sorts have ties. */
async function seedUsers() {
  for (let i = 0; i < 50; i++) {
    const userName = `member${String(i).padStart(2, '0')}`;
    const email = `${userName}@list.example`;
    await withinTenant(null, () =>
      testApp.app.services.users.insert({
        id: crypto.randomUUID(),
        userName,
        normalizedUserName: normalize(userName),
        email,
        normalizedEmail: normalize(email),
        name: firstNames[i % 5] ?? null,
        surname: surnames[Math.floor(i / 5) % 5] ?? null,
        phoneNumber: `+52 55 ${String(1000 + i * 7)}`,
        securityStamp: crypto.randomUUID(),
        concurrencyStamp: newConcurrencyStamp(),
        ...creationAudit(),
        creationTime: new Date(Date.UTC(2026, 0, 1, 0, 0, 50 - i)).toISOString(),
      }),
    );
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  await seedUsers();
});
afterAll(() => testApp.close());

type Row = {
  userName: string;
  email: string;
  name: string;
  surname: string;
  phoneNumber: string;
  creationTime: string;
};
const list = async (query: string): Promise<{ totalCount: number; items: Row[] }> => {
  const response = await admin.get(`/api/identity/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const names = (page: { items: Row[] }) => page.items.map((user) => user.userName);

describe('users list', () => {
  it('defaults to 10 users sorted by user name, with the total', async () => {
    const page = await list('');
    expect(page.totalCount).toBe(51);
    expect(names(page)).toEqual(['admin', ...Array.from({ length: 9 }, (_, i) => `member0${i}`)]);
  });

  it.each([
    ['user name', 'MEMBER07', ['member07']],
    ['e-mail', '07@LIST', ['member07']],
    ['phone', '1049', ['member07']],
    ['name, ignoring case and accents', 'zoe', ['member04', 'member09', 'member14']],
    ['surname with accents typed', 'Núñez', ['member10', 'member11', 'member12']],
    ['words over several fields', 'ana garcia', ['member00', 'member25']],
    ['a literal underscore', 'z_q', ['member15', 'member16', 'member17']],
    ['a literal percent sign', 'z%', ['member20', 'member21', 'member22']],
  ])('filters by %s', async (_, filter, expected) => {
    const page = await list(`filter=${encodeURIComponent(filter)}&maxResultCount=3`);
    expect(names(page)).toEqual(expected);
  });

  it('counts every match of a broad filter while paging through it', async () => {
    const page = await list('filter=list.example&skipCount=45&maxResultCount=10');
    expect(page.totalCount).toBe(50);
    expect(names(page)).toEqual(['member45', 'member46', 'member47', 'member48', 'member49']);
    expect(await list('filter=qqq&skipCount=0')).toEqual({ totalCount: 0, items: [] });
    // LIKE's wildcards are literal characters in a filter.
    expect((await list('filter=_')).totalCount).toBe(10);
    expect((await list(`filter=${encodeURIComponent('%')}`)).totalCount).toBe(10);
    // Nor do quotes or FTS syntax break the trigram index's query.
    for (const odd of ['"', 'a"b"c', 'NEAR(x y)', '*^:-']) {
      expect((await list(`filter=${encodeURIComponent(odd)}`)).totalCount, odd).toBe(0);
    }
    expect((await list('skipCount=1000')).items).toEqual([]);
  });

  it.each([
    ['userName', (u: Row) => u.userName.toUpperCase()],
    ['email', (u: Row) => u.email.toUpperCase()],
    ['name', (u: Row) => u.name],
    ['surname', (u: Row) => u.surname],
    ['phoneNumber', (u: Row) => u.phoneNumber],
    ['creationTime', (u: Row) => u.creationTime],
  ])('sorts by %s both ways, and pages without gaps or repeats', async (key, value) => {
    for (const direction of ['asc', 'desc']) {
      const pages: Row[] = [];
      for (let skip = 0; skip < 50; skip += 7) {
        pages.push(
          ...(
            await list(
              `filter=list.example&sorting=${key} ${direction}&skipCount=${skip}&maxResultCount=7`,
            )
          ).items,
        );
      }
      expect(new Set(pages.map((u) => u.userName)).size).toBe(50);
      const keys = pages.map(value);
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('accepts PascalCase sort keys and refuses unknown ones', async () => {
    expect(names(await list('sorting=UserName%20DESC&maxResultCount=1'))).toEqual(['member49']);
    expect((await admin.get('/api/identity/users?sorting=passwordHash')).statusCode).toBe(400);
    expect((await admin.get('/api/identity/users?sorting=userName%3Bdrop')).statusCode).toBe(400);
  });

  it('sees new, renamed and deleted users in the total at once', async () => {
    const before = (await list('filter=fresh')).totalCount;
    const user = await createUser(admin, 'fresh1');
    expect((await list('filter=fresh')).totalCount).toBe(before + 1);
    await admin.put(`/api/identity/users/${user.id}`, {
      userName: 'renamed1',
      email: 'renamed1@example.test',
      concurrencyStamp: user.concurrencyStamp,
    });
    expect((await list('filter=fresh')).totalCount).toBe(before);
    expect(names(await list('filter=renamed'))).toEqual(['renamed1']);
    await admin.delete(`/api/identity/users/${user.id}`);
    expect((await list('filter=renamed')).totalCount).toBe(0);
  });

  it("lists a role's members (`roleId`), with a filter too, until the role is gone", async () => {
    const role = await createRole(admin, 'Curators');
    const ids = new Map(
      (await list('filter=list.example&maxResultCount=50')).items.map((u) => [
        u.userName,
        (u as Row & { id: string }).id,
      ]),
    );
    for (const userName of ['member31', 'member05', 'member12']) {
      const response = await admin.put(`/api/identity/users/${ids.get(userName)}/roles`, {
        roleNames: ['Curators'],
      });
      expect(response.statusCode, response.body).toBe(204);
    }
    const members = await list(`roleId=${role.id}`);
    expect(members.totalCount).toBe(3);
    expect(names(members)).toEqual(['member05', 'member12', 'member31']);
    // .NET reads a GUID in any case; the words filter the members further.
    expect(names(await list(`roleId=${role.id.toUpperCase()}&sorting=userName desc`))).toEqual([
      'member31',
      'member12',
      'member05',
    ]);
    expect(names(await list(`roleId=${role.id}&filter=lopez`))).toEqual(['member05', 'member31']);
    expect(await list(`roleId=${role.id}&filter=zoe`)).toEqual({ totalCount: 0, items: [] });
    expect(await list(`roleId=${crypto.randomUUID()}`)).toEqual({ totalCount: 0, items: [] });

    const malformed = await admin.get('/api/identity/users?roleId=curators');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.validationErrors[0].members).toEqual(['roleId']);

    expect((await admin.delete(`/api/identity/roles/${role.id}`)).statusCode).toBe(204);
    expect(await list(`roleId=${role.id}`)).toEqual({ totalCount: 0, items: [] });
  });

  it('lists users by state (`notActive`, `isLockedOut`) as they are deactivated, locked out and unlocked', async () => {
    const idOf = async (userName: string) =>
      ((await list(`filter=${userName}`)).items[0] as Row & { id: string }).id;
    const [inactive, locked] = [await idOf('member07'), await idOf('member08')];
    const user = (await admin.get(`/api/identity/users/${inactive}`)).json();
    const deactivated = await admin.put(`/api/identity/users/${inactive}`, {
      ...user,
      isActive: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // Locked out as the sign-in does it: the lockout end written, an hour ahead.
    await withinTenant(null, async () => {
      const { users } = testApp.app.services;
      const row = await users.findById(locked);
      const lockoutEnd = new Date(Date.now() + 3_600_000).toISOString();
      await users.update(locked, row?.concurrencyStamp ?? '', {
        lockoutEnd,
        concurrencyStamp: 'l',
      });
    });

    expect(names(await list('notActive=true'))).toEqual(['member07']);
    expect(names(await list('isLockedOut=true'))).toEqual(['member08']);
    // ABP's C# proxies send PascalCase names and .NET's `True`.
    expect(names(await list('IsLockedOut=True&NotActive=false'))).toEqual(['member08']);
    expect(await list('isLockedOut=true&notActive=true')).toEqual({ totalCount: 0, items: [] });
    const active = await list('notActive=false&isLockedOut=false&filter=member0');
    expect(names(active)).toEqual(
      ['00', '01', '02', '03', '04', '05', '06', '09'].map((n) => `member${n}`),
    );
    expect(active.totalCount).toBe(8);

    expect((await admin.post(`/api/identity/users/${locked}/unlock`)).statusCode).toBe(204);
    expect(await list('isLockedOut=true')).toEqual({ totalCount: 0, items: [] });
    const reactivated = (await admin.get(`/api/identity/users/${inactive}`)).json();
    await admin.put(`/api/identity/users/${inactive}`, { ...reactivated, isActive: true });
    expect(await list('notActive=true')).toEqual({ totalCount: 0, items: [] });

    const malformed = await admin.get('/api/identity/users?notActive=maybe');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.validationErrors[0].members).toEqual(['notActive']);
  });

  it('answers each item as the contract writes it: every field, nulls, extra properties, nothing else', async () => {
    await withinTenant(null, () =>
      testApp.app.services.data
        .query()
        .updateTable('identityUsers')
        .set({ extraProperties: JSON.stringify({ department: 'Ventas', level: 3, tags: ['a'] }) })
        .where('userName', '=', 'member03')
        .execute(),
    );
    const response = await admin.get('/api/identity/users?filter=member03');
    const [item] = response.json().items;
    const byId = (await admin.get(`/api/identity/users/${item.id}`)).json();
    // The single-user route still goes through zod: the same DTO, field for field.
    expect(item).toEqual(byId);
    expect(Object.keys(item).sort()).toEqual(Object.keys(IdentityUserDto.shape).sort());
    expect(item).toMatchObject({
      userName: 'member03',
      tenantId: null,
      lockoutEnd: null,
      deletionTime: null,
      isDeleted: false,
      isActive: true,
      creationTime: '2026-01-01T00:00:47.000Z',
      extraProperties: { department: 'Ventas', level: 3, tags: ['a'] },
    });
    expect(response.body).not.toMatch(/passwordHash|securityStamp|searchText|normalized/);
  });
});
