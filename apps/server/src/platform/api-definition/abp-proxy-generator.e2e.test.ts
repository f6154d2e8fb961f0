import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app.js';
import { listeningTestApp } from '../../../test/sign-in-helpers.js';

/**
 * ABP's own Angular proxy generator (`@abp/ng.schematics`, what `abp generate-proxy -t ng` runs)
 * reading our API description from the listening server, in a minimal Angular workspace: the
 * services and models it writes are what an ABP Angular client would compile against.
 */
const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
let testApp: TestApp;
let origin: string;
let workspace: string;
/** Reads a file the generator wrote for the identity module. */
let readIdentity: (file: string) => string;

beforeAll(async () => {
  ({ t: testApp, origin } = await listeningTestApp());
  workspace = mkdtempSync(join(tmpdir(), 'vineta-abp-proxy-'));
  // The generator and its collection resolve from the workspace, as in an Angular project.
  symlinkSync(join(repositoryRoot, 'node_modules'), join(workspace, 'node_modules'), 'dir');
  writeFileSync(
    join(workspace, 'angular.json'),
    JSON.stringify({
      version: 1,
      projects: { app: { projectType: 'application', root: '', sourceRoot: 'src', prefix: 'app' } },
    }),
  );
  mkdirSync(join(workspace, 'src/environments'), { recursive: true });
  writeFileSync(
    join(workspace, 'src/environments/environment.ts'),
    [
      'export const environment = {',
      '  production: false,',
      `  apis: { default: { url: '${origin}', rootNamespace: 'Volo.Abp' } },`,
      '};',
      '',
    ].join('\n'),
  );
  readIdentity = await generate('identity', 'AbpIdentity');
}, 60_000);
afterAll(async () => {
  rmSync(workspace, { recursive: true, force: true });
  await testApp.close();
});

async function generate(module: string, apiName: string) {
  const cli = join(repositoryRoot, 'node_modules/.bin/schematics');
  const options = [`--module=${module}`, `--api-name=${apiName}`, '--source=app', '--target=app'];
  await run(cli, ['@abp/ng.schematics:proxy-add', ...options, `--url=${origin}`, '--no-dry-run'], {
    cwd: workspace,
  });
  return (file: string) => readFileSync(join(workspace, 'src/app/proxy', file), 'utf8');
}

describe('ABP’s Angular proxy generator against our API description', () => {
  it('writes the identity services with our URLs, and the query input member by member', async () => {
    const users = readIdentity('identity/identity-user.service.ts');
    expect(users).toContain("apiName = 'AbpIdentity'");
    expect(users).toContain('getList = (input: GetIdentityUsersInput');
    expect(users).toContain(
      'params: { filter: input.filter, roleId: input.roleId, isLockedOut: input.isLockedOut, notActive: input.notActive, sorting: input.sorting, skipCount: input.skipCount, maxResultCount: input.maxResultCount }',
    );
    expect(users).toContain('updateRoles = (id: string, input: IdentityUserUpdateRolesDto');
    // The generated code's own template literal, taken as text.
    expect(users).toContain(['url: `/api/identity/users/$', '{id}/roles`'].join(''));
    expect(readIdentity('identity/identity-role.service.ts')).toContain('getAllList = (config?');
  });

  it('writes the DTOs with ABP’s base classes and what our contract requires', async () => {
    const models = readIdentity('identity/models.ts');
    expect(models).toContain(
      'export interface IdentityUserDto extends ExtensibleFullAuditedEntityDto<string> {',
    );
    expect(models).toMatch(
      /export interface IdentityUserCreateDto extends IdentityUserCreateOrUpdateDtoBase \{\n {2}password: string;\n\}/,
    );
    expect(models).toMatch(
      /export interface IdentityUserCreateOrUpdateDtoBase extends ExtensibleObject \{\n {2}userName: string;/,
    );
    expect(models).toContain(
      'export interface GetIdentityUsersInput extends PagedAndSortedResultRequestDto {',
    );
  });

  it('writes the tenant service: a plain-text answer, and a value bound from the query string', async () => {
    const read = await generate('multi-tenancy', 'AbpTenantManagement');
    const tenants = read('tenant-management/tenant.service.ts');
    expect(tenants).toContain("responseType: 'text'");
    expect(tenants).toContain(
      'updateDefaultConnectionString = (id: string, defaultConnectionString: string',
    );
    expect(tenants).toContain('params: { defaultConnectionString }');
  }, 60_000);

  it('writes the account services and the sign-in result as an enum', async () => {
    const read = await generate('account', 'AbpAccount');
    expect(read('account/account.service.ts')).toContain(
      "url: '/api/account/send-password-reset-code'",
    );
    const enumFile = read('account/web/areas/account/controllers/models/login-result-type.enum.ts');
    expect(enumFile).toContain('Success = 1');
    expect(enumFile).toContain('LockedOut = 4');
  }, 60_000);
});
