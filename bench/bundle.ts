import { join } from 'node:path';
import { loginBundleBudget, measureLoginBundle } from '../apps/web/scripts/measure-bundle.js';

/** What ABP's own Angular client downloads, gzipped, to render its sign-in page (issue 4). */
const abpAngular = { jsGzipBytes: 275 * 1024, cssGzipBytes: 51 * 1024 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the gzipped JavaScript and CSS that render /account/login in the built app, against the
 * budget and as a ratio to ABP's Angular client. False when a budget is missed.
 */
export function reportLoginBundle(
  distDir = join(import.meta.dirname, '..', 'apps', 'web', 'dist'),
): boolean {
  const measure = measureLoginBundle(distDir);
  let met = true;
  console.log('');
  for (const [label, key] of [
    ['JS ', 'jsGzipBytes'],
    ['CSS', 'cssGzipBytes'],
  ] as const) {
    const size = measure[key];
    const budget = loginBundleBudget[key];
    const ok = size <= budget;
    met &&= ok;
    console.log(
      `login page ${label} ${kb(size)} gzipped (budget ${budget / 1024} KB) ${ok ? 'meets' : 'MISSES'}; ${(size / abpAngular[key]).toFixed(2)} × ABP's Angular client (${abpAngular[key] / 1024} KB)`,
    );
  }
  return met;
}
