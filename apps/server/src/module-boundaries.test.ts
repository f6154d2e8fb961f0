import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module reaches another only through its public files (CONVENTIONS.md, "Cross-module access"):
 * - `*.service.ts`: its use cases; identity's `identity.service.ts` also hands on its
 *   `UserManager` and user DTO mappers, which account and the sign-in server use;
 * - `*.errors.ts`: its error codes, which another module may throw for the same rule (account's
 *   registration refuses a user name as identity does);
 * - `*.tables.ts`: its row types, which a caller of its service receives.
 * Repositories, managers, routes and plugins stay inside. Only `app.ts`, `services.ts` and
 * `sign-in.composition.ts` (the composition root, outside `modules/`) wire modules together.
 */
const PUBLIC_FILE = /\.(service|errors|tables)\.ts$/;

/** Imports that break the rule on purpose, each with its reason ("from -> to", paths under modules/). */
const KNOWN_EXCEPTIONS: Record<string, string> = {};

const modulesRoot = join(import.meta.dirname, 'modules');
const srcRoot = import.meta.dirname;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every relative or `#src/` import of a file, resolved to a source path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(
    (match) => match[1] as string,
  );
  return specifiers.flatMap((specifier) => {
    const ts = specifier.replace(/\.js$/, '.ts');
    if (specifier.startsWith('.')) return [resolve(dirname(file), ts)];
    if (specifier.startsWith('#src/')) return [join(srcRoot, ts.slice('#src/'.length))];
    return [];
  });
}

const moduleOf = (path: string) => relative(modulesRoot, path).split(sep)[0];

describe('module boundaries', () => {
  it('imports another module only through its public files', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(modulesRoot)) {
      for (const target of importsOf(file)) {
        const toModules = relative(modulesRoot, target);
        if (toModules.startsWith('..') || moduleOf(target) === moduleOf(file)) continue;
        if (PUBLIC_FILE.test(target)) continue;
        const edge = `${relative(modulesRoot, file)} -> ${toModules}`.split(sep).join('/');
        if (!(edge in KNOWN_EXCEPTIONS)) violations.push(edge);
      }
    }
    expect(violations).toEqual([]);
  });

  it('names no exception that is gone', () => {
    for (const edge of Object.keys(KNOWN_EXCEPTIONS)) {
      const [from, to] = edge.split(' -> ') as [string, string];
      const file = join(modulesRoot, from);
      expect(importsOf(file), edge).toContain(join(modulesRoot, to));
    }
  });
});
