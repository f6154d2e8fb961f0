import { readFileSync } from 'node:fs';

/**
 * Where a CPU profile's time goes: `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`
 * prints self time by function and by package, and, with `--inclusive <regex>`, the inclusive
 * time (self plus callees) of the functions whose name or file matches. The profiles come from
 * `BENCH_PROFILE_DIR=… npm run bench` (one per scenario) or `node --cpu-prof`.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary <file.cpuprofile> [top] [--inclusive <regex>]');
  process.exit(2);
}
const inclusiveAt = rest.indexOf('--inclusive');
const inclusivePattern = inclusiveAt >= 0 ? new RegExp(rest[inclusiveAt + 1] ?? '.') : undefined;
const top = Number(rest.find((argument) => /^\d+$/.test(argument)) ?? 30);

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const shortUrl = (url: string) =>
  url.replace(/.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(apps|bench|packages)\//, '$1/');
const label = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || '(anonymous)'}  ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
const packageOf = ({ functionName, url }: CallFrame) => {
  const short = shortUrl(url);
  if (!short) return functionName;
  if (short.startsWith('~/'))
    return short
      .split('/')
      .slice(0, short.startsWith('~/@') ? 3 : 2)
      .join('/');
  return short;
};

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);
const selfByFunction = new Map<string, number>();
const selfByPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  const node = nodes.get(id);
  if (!node) return;
  add(selfByFunction, label(node.callFrame), delta);
  add(selfByPackage, packageOf(node.callFrame), delta);
  if (!inclusivePattern) return;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const key = label((nodes.get(at) as ProfileNode).callFrame);
    if (!seen.has(key) && inclusivePattern.test(key)) add(inclusive, key, delta);
    seen.add(key);
  }
});

const print = (title: string, map: Map<string, number>) => {
  console.log(`--- ${title}`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${(total / 1000).toFixed(0)} ms sampled`);
print('self time by function', selfByFunction);
print('self time by package', selfByPackage);
if (inclusivePattern) print(`inclusive time of ${inclusivePattern}`, inclusive);
