import type { ApplicationConfiguration } from '../app-configuration/application-configuration';
import { isPolicyGranted } from '../permissions/policy';
import { createStore } from '../store';
import { administrationRouteName, type RouteEntry } from './route-entry';

export interface MenuNode extends RouteEntry {
  children: MenuNode[];
}

/** Every route entry the modules contributed; set once by the app. */
export const routeRegistry = createStore<readonly RouteEntry[]>([]);

function byOrder(a: RouteEntry, b: RouteEntry): number {
  return (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name);
}

/** The whole tree, ordered, visible or not. */
export function buildRouteTree(entries: readonly RouteEntry[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const entry of entries) nodes.set(entry.name, { ...entry, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentName ? nodes.get(node.parentName) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort(byOrder);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

export function isEntryVisible(
  entry: RouteEntry,
  configuration: ApplicationConfiguration | undefined,
): boolean {
  if (entry.invisible) return false;
  if (!isPolicyGranted(entry.requiredPolicy, configuration?.auth.grantedPolicies)) return false;
  if (entry.isVisible && (!configuration || !entry.isVisible(configuration))) return false;
  return true;
}

/**
 * The menu a user sees: invisible entries, entries whose policy is missing and groups left
 * without a visible child are dropped.
 */
export function visibleMenu(
  entries: readonly RouteEntry[],
  configuration: ApplicationConfiguration | undefined,
): MenuNode[] {
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => {
      if (!isEntryVisible(node, configuration)) return [];
      const children = prune(node.children);
      if (!node.path && children.length === 0) return [];
      return [{ ...node, children }];
    });
  return prune(buildRouteTree(entries));
}

/** The entry whose path best matches the location (longest prefix on whole segments). */
export function findEntryByPath(
  entries: readonly RouteEntry[],
  pathname: string,
): RouteEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: RouteEntry | undefined;
  for (const entry of entries) {
    if (!entry.path) continue;
    const matches =
      entry.path === path || (entry.path !== '/' && path.startsWith(`${entry.path}/`));
    if (matches && (!best || (best.path?.length ?? 0) < entry.path.length)) best = entry;
  }
  return best;
}

/** The breadcrumb trail for a location: ancestors first, the Administration node skipped. */
export function breadcrumbTrail(entries: readonly RouteEntry[], pathname: string): RouteEntry[] {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const trail: RouteEntry[] = [];
  let current = findEntryByPath(entries, pathname);
  const seen = new Set<string>();
  while (current && !seen.has(current.name)) {
    seen.add(current.name);
    if (current.name !== administrationRouteName) trail.unshift(current);
    current = current.parentName ? byName.get(current.parentName) : undefined;
  }
  return trail;
}
