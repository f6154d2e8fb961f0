/**
 * Node's arguments to run a TypeScript file of this repository from its sources, as the tests see
 * them (tsx, and the contracts' sources through their export condition), with `args` after it.
 */
export const runFromSources = (file: string, ...args: string[]): string[] => [
  '--conditions=@vineta/source',
  '--import',
  'tsx',
  file,
  ...args,
];

/** The same for a module's code given as text (absolute imports), with `args` after it. */
export const evalFromSources = (code: string, ...args: string[]): string[] =>
  runFromSources('--input-type=module', '-e', code, ...args);
