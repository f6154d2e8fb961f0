import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { newTenantRow } from '../../../test/tenant-rows.js';

let test: TestApp;
const TENANT_ID = '00000000-0000-4000-8000-0000000000f1';

beforeAll(async () => {
  test = await createTestApp();
  await test.app.services.tenants.insert(newTenantRow(TENANT_ID, 'Acme'));
});
afterAll(() => test.close());

const getConfiguration = async (headers: Record<string, string> = {}, query = '') => {
  const response = await test.app.inject({
    url: `/api/abp/application-configuration${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/abp/application-configuration', () => {
  it("answers anonymous callers with ABP's whole shape, in es-MX by default", async () => {
    const configuration = await getConfiguration();
    expect(Object.keys(configuration).sort()).toEqual(
      [
        'auth',
        'clock',
        'currentTenant',
        'currentUser',
        'extraProperties',
        'features',
        'globalFeatures',
        'localization',
        'multiTenancy',
        'objectExtensions',
        'setting',
        'timing',
      ].sort(),
    );
    expect(configuration.localization.currentCulture).toMatchObject({
      cultureName: 'es-MX',
      name: 'es-MX',
      twoLetterIsoLanguageName: 'es',
      threeLetterIsoLanguageName: 'spa',
      isRightToLeft: false,
      dateTimeFormat: { shortDatePattern: 'dd/MM/yyyy', shortTimePattern: 'HH:mm' },
    });
    expect(configuration.localization.defaultResourceName).toBe('Vineta');
    expect(
      configuration.localization.languages.map((l: { cultureName: string }) => l.cultureName),
    ).toEqual(['es-MX', 'en', 'ar', 'fr', 'de', 'pt-BR', 'tr', 'zh-Hans']);
    expect(configuration.localization.values.AbpAccount.Login).toBeTypeOf('string');
    expect(configuration.auth.policies['AbpIdentity.Users']).toBe(true);
    expect(configuration.auth.grantedPolicies).toEqual({});
    expect(configuration.currentUser).toMatchObject({
      isAuthenticated: false,
      id: null,
      roles: [],
    });
    expect(configuration.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
    expect(configuration.multiTenancy).toEqual({ isEnabled: true });
    expect(configuration.features.values).toEqual({
      'SettingManagement.Enable': 'true',
      'SettingManagement.AllowChangingEmailSettings': 'false',
    });
    expect(configuration.setting.values['Abp.Identity.Password.RequiredLength']).toBe('6');
    expect(configuration.setting.values['Abp.Account.IsSelfRegistrationEnabled']).toBe('true');
    expect(configuration.setting.values).not.toHaveProperty('Abp.Mailing.Smtp.Password');
    expect(configuration.timing.timeZone.iana.timeZoneName).toBe('UTC');
  });

  it('speaks the culture the request asks for', async () => {
    const arabic = await getConfiguration({ 'accept-language': 'ar-SA,ar;q=0.9' });
    expect(arabic.localization.currentCulture).toMatchObject({
      cultureName: 'ar',
      isRightToLeft: true,
    });
    const french = await getConfiguration({ cookie: '.AspNetCore.Culture=c%3Dfr%7Cuic%3Dfr' });
    expect(french.localization.currentCulture.cultureName).toBe('fr');
    const english = await getConfiguration({ 'accept-language': 'ar' }, '?culture=en');
    expect(english.localization.currentCulture.cultureName).toBe('en');
    expect(english.localization.values.AbpAccount.Login).not.toBe(
      arabic.localization.values.AbpAccount.Login,
    );
  });

  it('answers compressed when the client accepts it, with the same content', async () => {
    const plain = await test.app.inject({ url: '/api/abp/application-configuration' });
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await test.app.inject({
        url: '/api/abp/application-configuration',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : gunzipSync(response.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
  });

  it('leaves the texts out when asked', async () => {
    const configuration = await getConfiguration({}, '?includeLocalizationResources=false');
    expect(configuration.localization.values).toEqual({});
  });

  it("serves the texts apart at ABP 7+'s application-localization, per culture", async () => {
    const localization = (query: string) =>
      test.app.inject({ url: `/api/abp/application-localization${query}` });
    const spanish = await localization('?cultureName=es-MX&onlyDynamics=false');
    expect(spanish.statusCode).toBe(200);
    const { resources } = spanish.json();
    expect(resources.AbpIdentity.texts['DisplayName:IsActive']).toBe('Activo');
    expect(resources.AbpIdentity.baseResources).toEqual([]);
    expect(spanish.json().currentCulture).toMatchObject({ cultureName: 'es-MX', name: 'es-MX' });
    // A language-only name maps to its supported culture, as the culture cookie does.
    const german = (await localization('?cultureName=de-AT')).json();
    expect(german.resources.AbpUi.texts.Cancel).toBe('Abbrechen');
    expect((await localization('?cultureName=es-MX&onlyDynamics=True')).json()).toMatchObject({
      resources: {},
    });
    expect((await localization('')).statusCode).toBe(400);
  });

  it.each([
    ['header', { __tenant: 'acme' }, ''],
    ['header by id', { __tenant: TENANT_ID }, ''],
    ['query', {}, '?__tenant=Acme'],
    ['cookie', { cookie: '__tenant=acme' }, ''],
  ])('resolves the tenant from the %s', async (_source, headers, query) => {
    const configuration = await getConfiguration(headers, query);
    expect(configuration.currentTenant).toEqual({ id: TENANT_ID, name: 'Acme', isAvailable: true });
  });

  it('treats an empty tenant value as the host', async () => {
    const configuration = await getConfiguration({ __tenant: '', cookie: '__tenant=acme' });
    expect(configuration.currentTenant.isAvailable).toBe(false);
  });

  it('answers an unknown tenant with a clear, localized error', async () => {
    const response = await test.app.inject({
      url: '/api/abp/application-configuration',
      headers: { __tenant: 'nope', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers._abperrorformat).toBe('true');
    expect(response.json().error.code).toBe('AbpUiMultiTenancy:GivenTenantIsNotAvailable');
    expect(response.json().error.message).toContain('nope');
  });

  it("names an unknown tenant in ABP's header too, HTML-encoded as ASP.NET writes it", async () => {
    const response = await test.app.inject({
      url: '/api/abp/application-configuration',
      headers: { __tenant: 'Ñandú <x>', 'accept-language': 'es-MX' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(
      'El inquilino indicado no está disponible: Ñandú <x>',
    );
    expect(response.headers['abp-tenant-resolve-error']).toBe(
      'El inquilino indicado no est&#xE1; disponible: &#xD1;and&#xFA; &lt;x&gt;',
    );
  });
});
