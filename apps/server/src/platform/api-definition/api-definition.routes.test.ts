import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiDescription, callThroughDescription } from '../../../test/abp-dynamic-proxy.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';

let testApp: TestApp;
let description: ApiDescription & { types: Record<string, unknown> };
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject({ url: '/api/abp/api-definition' });
  expect(response.statusCode).toBe(200);
  description = response.json();
  adminHeaders = bearer(await accessTokenFor(testApp.app, 'admin', TEST_ADMIN_PASSWORD));
});
afterAll(() => testApp.close());

/** A call on an application-service interface, the way ABP's C# dynamic proxies make it. */
const call = (
  service: string,
  method: string,
  types: string[],
  args: Record<string, unknown>,
  headers = adminHeaders,
) => callThroughDescription(testApp.app, description, headers, { service, method, types, args });

const controller = (module: string, type: string) => description.modules[module]?.controllers[type];
const action = (module: string, type: string, uniqueName: string) =>
  controller(module, type)?.actions[uniqueName];

describe('GET /api/abp/api-definition', () => {
  it('lists the modules under ABP’s root paths and remote service names, without types by default', () => {
    expect(Object.keys(description.modules)).toEqual([
      'abp',
      'account',
      'featureManagement',
      'identity',
      'multi-tenancy',
      'permissionManagement',
      'settingManagement',
    ]);
    expect(description.modules.identity).toMatchObject({
      rootPath: 'identity',
      remoteServiceName: 'AbpIdentity',
    });
    expect(description.types).toEqual({});
  });

  it('describes an action as ABP does: parameters on the method, how each binds, the return type', () => {
    const roles = controller('identity', 'Volo.Abp.Identity.IdentityRoleController');
    expect(roles).toMatchObject({
      controllerName: 'IdentityRole',
      controllerGroupName: 'Role',
      interfaces: [{ type: 'Volo.Abp.Identity.IIdentityRoleAppService' }],
    });
    expect(
      action('identity', 'Volo.Abp.Identity.IdentityRoleController', 'UpdateAsyncByIdAndInput'),
    ).toEqual({
      uniqueName: 'UpdateAsyncByIdAndInput',
      name: 'UpdateAsync',
      httpMethod: 'PUT',
      url: 'api/identity/roles/{id}',
      supportedVersions: [],
      parametersOnMethod: [
        {
          name: 'id',
          typeAsString: 'System.Guid, System.Private.CoreLib',
          type: 'System.Guid',
          typeSimple: 'string',
          isOptional: false,
          defaultValue: null,
        },
        {
          name: 'input',
          typeAsString:
            'Volo.Abp.Identity.IdentityRoleUpdateDto, Volo.Abp.Identity.Application.Contracts',
          type: 'Volo.Abp.Identity.IdentityRoleUpdateDto',
          typeSimple: 'Volo.Abp.Identity.IdentityRoleUpdateDto',
          isOptional: false,
          defaultValue: null,
        },
      ],
      parameters: [
        expect.objectContaining({
          nameOnMethod: 'id',
          name: 'id',
          type: 'System.Guid',
          bindingSourceId: 'Path',
          constraintTypes: [],
          descriptorName: '',
        }),
        expect.objectContaining({
          nameOnMethod: 'input',
          name: 'input',
          type: 'Volo.Abp.Identity.IdentityRoleUpdateDto',
          bindingSourceId: 'Body',
          constraintTypes: null,
        }),
      ],
      returnValue: {
        type: 'Volo.Abp.Identity.IdentityRoleDto',
        typeSimple: 'Volo.Abp.Identity.IdentityRoleDto',
      },
      allowAnonymous: null,
      implementFrom: 'Volo.Abp.Identity.IIdentityRoleAppService',
    });
  });

  it('lists a query-string input member by member, its own members before its bases’', () => {
    const list = action(
      'identity',
      'Volo.Abp.Identity.IdentityUserController',
      'GetListAsyncByInput',
    );
    expect(list?.parameters).toEqual(
      [
        ['Filter', 'System.String'],
        ['RoleId', 'System.Guid?'],
        ['IsLockedOut', 'System.Boolean?'],
        ['NotActive', 'System.Boolean?'],
        ['Sorting', 'System.String'],
        ['SkipCount', 'System.Int32'],
        ['MaxResultCount', 'System.Int32'],
      ].map(([name, type]) =>
        expect.objectContaining({
          nameOnMethod: 'input',
          name,
          type,
          bindingSourceId: 'ModelBinding',
          descriptorName: 'input',
        }),
      ),
    );
  });

  it('gives the types when asked, in .NET’s spelling of the boolean too', async () => {
    const response = await testApp.app.inject({
      url: '/api/abp/api-definition?IncludeTypes=True',
    });
    const { types } = response.json() as { types: Record<string, Record<string, unknown>> };
    expect(types['Volo.Abp.Identity.IdentityUserDto']).toMatchObject({
      baseType: 'Volo.Abp.Application.Dtos.ExtensibleFullAuditedEntityDto<System.Guid>',
      isEnum: false,
    });
    const userProperties = types['Volo.Abp.Identity.IdentityUserDto']?.properties as {
      name: string;
    }[];
    // Members of the audited base are listed there, not again on the DTO.
    expect(userProperties.map((property) => property.name)).not.toContain('CreationTime');
    expect(types['Volo.Abp.Application.Dtos.PagedResultDto<T0>']).toMatchObject({
      baseType: 'Volo.Abp.Application.Dtos.ListResultDto<T>',
      genericArguments: ['T'],
      properties: [expect.objectContaining({ name: 'TotalCount', type: 'System.Int64' })],
    });
    expect(types['Volo.Abp.Identity.IdentityUserCreateOrUpdateDtoBase']).toMatchObject({
      baseType: 'Volo.Abp.ObjectExtending.ExtensibleObject',
      properties: expect.arrayContaining([
        expect.objectContaining({
          name: 'UserName',
          type: 'System.String',
          isRequired: true,
          maxLength: 256,
        }),
        expect.objectContaining({ name: 'RoleNames', type: '[System.String]' }),
      ]),
    });
    expect(types['Volo.Abp.Identity.IdentityUserCreateDto']?.properties).toEqual([
      expect.objectContaining({ name: 'Password', isRequired: true, maxLength: 128 }),
    ]);
    const configuration = 'Volo.Abp.AspNetCore.Mvc.ApplicationConfigurations';
    expect(types[`${configuration}.ApplicationConfigurationDto`]?.properties).toContainEqual(
      expect.objectContaining({
        name: 'CurrentTenant',
        type: 'Volo.Abp.AspNetCore.Mvc.MultiTenancy.CurrentTenantDto',
      }),
    );
    expect(
      types[`${configuration}.ObjectExtending.ExtensionPropertyApiDto`]?.properties,
    ).toContainEqual(
      expect.objectContaining({
        name: 'OnGet',
        type: `${configuration}.ObjectExtending.ExtensionPropertyApiGetDto`,
      }),
    );
    expect(
      types['Volo.Abp.Account.Web.Areas.Account.Controllers.Models.LoginResultType'],
    ).toMatchObject({
      isEnum: true,
      enumNames: [
        'Success',
        'InvalidUserNameOrPassword',
        'NotAllowed',
        'LockedOut',
        'RequiresTwoFactor',
      ],
      enumValues: [1, 2, 3, 4, 5],
    });
  });
});

it('is compressed for a client that accepts it', async () => {
  const response = await testApp.app.inject({
    url: '/api/abp/api-definition?includeTypes=true',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(response.headers['content-encoding']).toBe('gzip');
  const { types } = JSON.parse(gunzipSync(response.rawPayload).toString());
  expect(types).toHaveProperty(['Volo.Abp.Identity.IdentityUserDto']);
});

describe('ABP’s C# dynamic client proxies, finding their actions in it', () => {
  it('list users through the query-string input, with .NET member names', async () => {
    const response = await call(
      'Volo.Abp.Identity.IIdentityUserAppService',
      'GetListAsync',
      ['Volo.Abp.Identity.GetIdentityUsersInput'],
      { input: { Filter: 'admin', MaxResultCount: 5, Sorting: 'userName desc' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((user: { userName: string }) => user.userName)).toEqual([
      'admin',
    ]);
  });

  it('create and then update a role, the id in the path and the DTO in the body', async () => {
    const roles = 'Volo.Abp.Identity.IIdentityRoleAppService';
    const created = await call(roles, 'CreateAsync', ['Volo.Abp.Identity.IdentityRoleCreateDto'], {
      input: { Name: 'proxy-editor', IsPublic: true },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json() as { id: string; concurrencyStamp: string };
    const updated = await call(
      roles,
      'UpdateAsync',
      ['System.Guid', 'Volo.Abp.Identity.IdentityRoleUpdateDto'],
      { id: role.id, input: { Name: 'proxy-reviewer', ConcurrencyStamp: role.concurrencyStamp } },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: role.id, name: 'proxy-reviewer' });
  });

  it('read permissions with two scalar query parameters', async () => {
    const response = await call(
      'Volo.Abp.PermissionManagement.IPermissionAppService',
      'GetAsync',
      ['System.String', 'System.String'],
      { providerName: 'R', providerKey: 'admin' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().entityDisplayName).toBe('admin');
  });

  it('find a tenant by id with ABP’s Guid parameter, anonymously', async () => {
    const response = await call(
      'Volo.Abp.AspNetCore.Mvc.MultiTenancy.IAbpTenantAppService',
      'FindTenantByIdAsync',
      ['System.Guid'],
      { id: '3a0f0f0f-0000-0000-0000-000000000000' },
      {},
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('find the application configuration both as ABP 4.x declares it and as later versions do', async () => {
    const service =
      'Volo.Abp.AspNetCore.Mvc.ApplicationConfigurations.IAbpApplicationConfigurationAppService';
    const old = await call(service, 'GetAsync', [], {}, {});
    const current = await call(
      service,
      'GetAsync',
      ['Volo.Abp.AspNetCore.Mvc.ApplicationConfigurations.ApplicationConfigurationRequestOptions'],
      { options: { IncludeLocalizationResources: false } },
      {},
    );
    expect(old.statusCode).toBe(200);
    expect(current.statusCode).toBe(200);
    expect(Object.keys(old.json().localization.values).length).toBeGreaterThan(0);
    expect(current.json().localization.values).toEqual({});
  });

  it('fail, as ABP’s do, for a method whose parameter types differ', async () => {
    await expect(
      call('Volo.Abp.Identity.IIdentityRoleAppService', 'GetAsync', ['System.String'], {
        id: 'x',
      }),
    ).rejects.toThrow('Could not find remote action');
  });
});
