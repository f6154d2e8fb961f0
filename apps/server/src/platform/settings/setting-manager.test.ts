import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import type { Services } from '../../services.js';
import { withinTenant } from '../data/data-scope.js';
import { SettingProvider } from './setting-manager.js';

const TENANT = '00000000-0000-4000-8000-0000000000c1';
const USER = '00000000-0000-4000-8000-0000000000d1';
const NAME = 'Abp.Identity.Password.RequiredLength';
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices({ env: { [`Settings__${NAME}`]: '8' } }));
});
afterAll(() => close());

describe('setting precedence', () => {
  it('walks user → tenant → global → configuration → default', async () => {
    const { settings } = services;
    const context = { tenantId: TENANT, userId: USER };
    expect(await settings.getOrNull('Abp.Identity.Password.RequiredUniqueChars', context)).toBe(
      '1',
    );
    expect(await settings.getOrNull(NAME, context)).toBe('8');
    await settings.setForProvider(NAME, '9', SettingProvider.Global, '');
    expect(await settings.getOrNull(NAME, context)).toBe('9');
    await settings.setForProvider(NAME, '10', SettingProvider.Tenant, TENANT);
    expect(await settings.getOrNull(NAME, context)).toBe('10');
    expect(await settings.getOrNull(NAME, { tenantId: null, userId: null })).toBe('9');
    await settings.setForProvider(NAME, '11', SettingProvider.User, USER);
    expect(await settings.getOrNull(NAME, context)).toBe('11');
    await settings.setForProvider(NAME, null, SettingProvider.User, USER);
    expect(await settings.getOrNull(NAME, context)).toBe('10');
  });

  it('reads the current tenant from the ambient scope', async () => {
    expect(await withinTenant(TENANT, () => services.settings.getOrNull(NAME))).toBe('10');
    expect(await withinTenant(null, () => services.settings.getOrNull(NAME))).toBe('9');
  });

  it('lists only the settings visible to clients when asked', async () => {
    const visible = await services.settings.getAll(
      { tenantId: null, userId: null },
      (d) => d.isVisibleToClients,
    );
    expect(visible['Abp.Account.IsSelfRegistrationEnabled']).toBe('true');
    expect(visible['Abp.Localization.DefaultLanguage']).toBe('es-MX');
    expect(Object.keys(visible).some((name) => name.startsWith('Abp.Mailing'))).toBe(false);
  });
});

describe('encrypted settings', () => {
  it('stores the SMTP password encrypted and reads it back in clear', async () => {
    const { settings, data } = services;
    await settings.setForProvider(
      'Abp.Mailing.Smtp.Password',
      'hunter2-smtp',
      SettingProvider.Global,
      '',
    );
    const stored = await sql<{
      value: string;
    }>`select value from settings where name = 'Abp.Mailing.Smtp.Password'`.execute(data.db);
    expect(stored.rows[0]?.value).toMatch(/^enc:v1:/);
    expect(stored.rows[0]?.value).not.toContain('hunter2');
    expect(
      await settings.getOrNull('Abp.Mailing.Smtp.Password', { tenantId: null, userId: null }),
    ).toBe('hunter2-smtp');
  });
});

describe('storing a value equal to the inherited one', () => {
  const TENANT_2 = '00000000-0000-4000-8000-0000000000c2';
  const stored = () =>
    services.data.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', NAME)
      .where('providerName', '=', SettingProvider.Tenant)
      .where('providerKey', '=', TENANT_2)
      .execute();

  it("removes the key's own value, so that it keeps following (as ABP)", async () => {
    const { settings } = services;
    const context = { tenantId: TENANT_2, userId: null };
    expect(await settings.getFallback(NAME, SettingProvider.Tenant, TENANT_2)).toBe('9');
    await settings.setForProvider(NAME, '12', SettingProvider.Tenant, TENANT_2);
    expect(await stored()).toEqual([{ value: '12' }]);
    await settings.setForProvider(NAME, '9', SettingProvider.Tenant, TENANT_2);
    expect(await stored()).toEqual([]);
    await settings.setForProvider(NAME, '13', SettingProvider.Global, '');
    expect(await settings.getOrNull(NAME, context)).toBe('13');
    // The global value equal to the configuration's is not stored either.
    await settings.setForProvider(NAME, '8', SettingProvider.Global, '');
    expect(await settings.getForProvider(NAME, SettingProvider.Global, '')).toBeNull();
  });

  it('stores it anyway when forced', async () => {
    await services.settings.setForProvider(NAME, '8', SettingProvider.Tenant, TENANT_2, {
      forceToSet: true,
    });
    expect(await stored()).toEqual([{ value: '8' }]);
  });
});
