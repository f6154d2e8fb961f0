import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface BundleMeasure {
  route: string;
  jsFiles: string[];
  cssFiles: string[];
  jsBytes: number;
  jsGzipBytes: number;
  cssBytes: number;
  cssGzipBytes: number;
}

/** The route's page modules, besides the entry, that render `/account/login`. */
const loginModules = ['src/modules/account/login/login-page.tsx'];
/** The stylesheet the app links for left-to-right languages (es-MX). */
const stylesheetPattern = /theme-ltr\.scss$/;

/**
 * Reads Vite's manifest and adds up what the browser downloads to render /account/login: the
 * entry, the login page's chunk and their static imports (dynamic imports are loaded later), and
 * the left-to-right stylesheet.
 */
export function measureLoginBundle(distDir: string): BundleMeasure {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('No entry in the Vite manifest; build with build.manifest: true.');
  const keyOf = (name: string) =>
    Object.keys(manifest).find(
      (key) => key === name || key.endsWith(`/${name}`) || key.endsWith(name),
    );

  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string | undefined) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const name of loginModules) {
    const key = keyOf(name);
    if (!key) throw new Error(`The login module ${name} is not in the manifest.`);
    visit(key);
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (stylesheetPattern.test(key) || stylesheetPattern.test(chunk.src ?? '')) css.add(chunk.file);
  }

  const sizes = (files: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const content = readFileSync(join(distDir, file));
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const jsSize = sizes(js);
  const cssSize = sizes(css);
  return {
    route: '/account/login',
    jsFiles: [...js],
    cssFiles: [...css],
    jsBytes: jsSize.raw,
    jsGzipBytes: jsSize.gzip,
    cssBytes: cssSize.raw,
    cssGzipBytes: cssSize.gzip,
  };
}

/** Issue 4's budget for /account/login, gzipped. */
export const loginBundleBudget = { jsGzipBytes: 90 * 1024, cssGzipBytes: 30 * 1024 };

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const result = measureLoginBundle(resolve(import.meta.dirname, '..', 'dist'));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`${result.route}`);
  console.log(
    `  JS : ${kb(result.jsGzipBytes)} gzipped (${kb(result.jsBytes)} raw) in ${result.jsFiles.length} files; budget ${kb(loginBundleBudget.jsGzipBytes)}`,
  );
  console.log(
    `  CSS: ${kb(result.cssGzipBytes)} gzipped (${kb(result.cssBytes)} raw) in ${result.cssFiles.length} files; budget ${kb(loginBundleBudget.cssGzipBytes)}`,
  );
  for (const file of [...result.jsFiles, ...result.cssFiles]) console.log(`    ${file}`);
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
}
