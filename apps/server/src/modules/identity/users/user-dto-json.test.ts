import { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../test/create-test-services.js';
import { newUserRow } from '../../../../test/user-rows.js';
import { withinTenant } from '../../../platform/data/data-scope.js';
import type { Services } from '../../../services.js';
import { toIdentityUserDto } from './identity-user-dto.js';
import { userDtoJsonItem } from './user-dto-json.js';
import { createUserListRepository, type UserPageQuery } from './user-list.repository.js';
import { searchTermsOf } from './user-search.js';

const TENANT = '00000000-0000-4000-8000-0000000d7015';
const NOW = new Date('2026-11-26T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

/** Users whose values are each hard to write as JSON, or whose lockout is on an edge. */
const tricky = [
  newUserRow('json.quotes', { name: 'Say "hola"', surname: 'back\\slash', phoneNumber: null }),
  newUserRow('json.controls', { name: 'tab\there', surname: 'line\nbreak\u0001', isActive: false }),
  newUserRow('json.unicode', { name: 'Zoë 🎨', surname: 'عربي', phoneNumber: '+52 55 1234 5678' }),
  newUserRow('json.separators', { name: 'a\u2028b\u2029c', surname: '</script>' }),
  newUserRow('json.locked', { lockoutEnd: later(60_000), accessFailedCount: 3 }),
  newUserRow('json.unlocked', { lockoutEnd: later(-1) }),
  newUserRow('json.lockout-off', { lockoutEnabled: false, lockoutEnd: later(60_000) }),
  newUserRow('json.confirmed', { emailConfirmed: true, phoneNumberConfirmed: true }),
  newUserRow('json.modified', {
    lastModificationTime: later(-5_000),
    lastModifierId: '00000000-0000-4000-8000-000000000001',
    creatorId: '00000000-0000-4000-8000-000000000002',
  }),
  newUserRow('json.extra', {
    extraProperties: JSON.stringify({
      Color: 'ámbar',
      Level: 3,
      Tags: ['a', 'b'],
      Nested: { x: null },
    }),
  }),
  newUserRow('json.extra-damaged', { extraProperties: '{"unterminated' }),
  newUserRow('json.extra-array', { extraProperties: '[1,2]' }),
];

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
  for (const row of tricky) await withinTenant(TENANT, () => services.users.insert(row));
  // Past LATE_LOOKUP_FROM, so that a deep page reads its ids first.
  for (let i = 0; i < 110; i++) {
    await withinTenant(TENANT, () => services.users.insert(newUserRow(`json.filler${i}`)));
  }
});
afterAll(() => close());

const query = (overrides: Partial<UserPageQuery>): UserPageQuery => ({
  terms: [],
  indexGrams: [],
  sort: { key: 'userName', direction: 'asc' },
  skipCount: 0,
  maxResultCount: 1000,
  ...overrides,
});

/** Each kind of page the repository reads: the sort-index walk, the trigram index, a deep page. */
const pages: [string, UserPageQuery][] = [
  ['walking the sort index', query({})],
  ['walking, filtered', query({ terms: searchTermsOf('json') })],
  ['through the trigram index', query({ terms: searchTermsOf('json'), indexGrams: ['JSO'] })],
  ['by e-mail, descending', query({ sort: { key: 'email', direction: 'desc' } })],
  ['a deep page, ids first', query({ skipCount: 100, maxResultCount: 25 })],
];

describe('users list items written by the database', () => {
  it.each(pages)('say what toIdentityUserDto says, %s', async (_, page) => {
    const list = createUserListRepository(services.data);
    const [rows, jsonRows] = await withinTenant(TENANT, () =>
      Promise.all([list.page(page), list.pageJson(page, NOW)]),
    );
    expect(jsonRows.length).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    const items = jsonRows.map((row) => JSON.parse(userDtoJsonItem(row)));
    // Through JSON, as the reply carries the mapper's DTO (same keys, values and order).
    expect(items).toEqual(
      rows.map((row) => JSON.parse(JSON.stringify(toIdentityUserDto(row, NOW)))),
    );
    for (const item of items) expect(IdentityUserDto.safeParse(item).success).toBe(true);
  });

  it('writes the values a client reads, not just the same as the mapper', async () => {
    const list = createUserListRepository(services.data);
    const rows = await withinTenant(TENANT, () =>
      list.pageJson(query({ terms: searchTermsOf('json') }), NOW),
    );
    const byName = new Map(
      rows.map((row) => {
        const item = JSON.parse(userDtoJsonItem(row)) as IdentityUserDto;
        return [item.userName, item];
      }),
    );
    expect(byName.get('json.quotes')).toMatchObject({ name: 'Say "hola"', surname: 'back\\slash' });
    expect(byName.get('json.controls')).toMatchObject({
      name: 'tab\there',
      surname: 'line\nbreak\u0001',
      isActive: false,
    });
    expect(byName.get('json.unicode')).toMatchObject({ name: 'Zoë 🎨', surname: 'عربي' });
    expect(byName.get('json.locked')).toMatchObject({ isLockedOut: true, accessFailedCount: 3 });
    expect(byName.get('json.unlocked')?.isLockedOut).toBe(false);
    expect(byName.get('json.lockout-off')?.isLockedOut).toBe(false);
    expect(byName.get('json.confirmed')).toMatchObject({
      emailConfirmed: true,
      phoneNumberConfirmed: true,
      isDeleted: false,
      tenantId: TENANT,
    });
    expect(byName.get('json.extra')?.extraProperties).toEqual({
      Color: 'ámbar',
      Level: 3,
      Tags: ['a', 'b'],
      Nested: { x: null },
    });
    expect(byName.get('json.extra-damaged')?.extraProperties).toEqual({});
    expect(byName.get('json.extra-array')?.extraProperties).toEqual({});
  });
});
