import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every exported object schema is an OpenAPI component named after its ABP DTO, except the
 * query-string and route-parameter objects, which Swagger must expand into parameters.
 */
const parameterObjects = new Set([
  'LimitedResultRequestDto',
  'PagedResultRequestDto',
  'PagedAndSortedResultRequestDto',
  'GetListWithFilterInput',
  'GetIdentityUsersInput',
  'GetIdentityRolesInput',
  'GetIdentitySecurityLogListInput',
  'GetTenantsInput',
  'UserLookupSearchInputDto',
  'UserLookupCountInputDto',
  'UpdateDefaultConnectionStringInput',
  'PermissionProviderQuery',
  'FeatureProviderQuery',
  'ApplicationConfigurationRequestOptions',
  'EntityIdParams',
]);

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

type Exported = { file: string; name: string; schema: z.ZodType };

const loadExports = async (): Promise<Exported[]> => {
  const found: Exported[] = [];
  for (const file of sourceFiles(srcDir)) {
    const module: Record<string, unknown> = await import(file);
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType)
        found.push({ file: relative(srcDir, file), name, schema: value });
    }
  }
  return found;
};

const idOf = (schema: z.ZodType) => z.globalRegistry.get(schema)?.id;

describe('exported schemas', async () => {
  const exported = await loadExports();

  it('finds the modules', () => {
    expect(exported.length).toBeGreaterThan(50);
  });

  it('names every body and answer object after its export, and no parameter object', () => {
    const wrong = exported
      .filter(({ schema }) => schema instanceof z.ZodObject)
      .filter(({ name, schema }) =>
        parameterObjects.has(name) ? idOf(schema) !== undefined : idOf(schema) !== name,
      )
      .map(({ file, name, schema }) => `${file}: ${name} has id ${idOf(schema)}`);
    expect(wrong).toEqual([]);
  });

  it('never gives one id to two schemas', () => {
    const byId = new Map<string, z.ZodType>();
    const clashes: string[] = [];
    for (const { name, schema } of exported) {
      const id = idOf(schema);
      if (!id) continue;
      const other = byId.get(id);
      if (other && other !== schema) clashes.push(`${id} (${name})`);
      byId.set(id, schema);
    }
    expect(clashes).toEqual([]);
  });

  it('leaves no id X next to an id XInput (fastify-type-provider-zod names inputs so)', () => {
    const ids = new Set(exported.map(({ schema }) => idOf(schema)).filter(Boolean));
    expect([...ids].filter((id) => ids.has(`${id}Input`))).toEqual([]);
  });

  it.each(['input', 'output'] as const)('converts to OpenAPI 3.0 as %s', (io) => {
    const { schemas } = z.toJSONSchema(z.globalRegistry, { io, target: 'openapi-3.0' });
    expect(Object.keys(schemas)).toContain('IdentityUserDto');
  });

  it('converts every parameter object to a flat object schema', () => {
    for (const { name, schema } of exported.filter(({ name }) => parameterObjects.has(name))) {
      const json = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' });
      expect(json.type, name).toBe('object');
    }
  });
});
