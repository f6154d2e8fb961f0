import type { Localize } from '#src/core/localization/i18n';
import type { MenuNode } from '#src/core/routing/menu-tree';

/** A page of the menu as the search offers it: its name and the groups above it. */
export interface MenuPage {
  key: string;
  path: string;
  label: string;
  /** The names of the groups above it, outermost first ("Administración", …). */
  trail: string[];
}

/** Every page of the (already filtered) menu tree, in menu order, with localized names. */
export function menuPages(nodes: readonly MenuNode[], localize: Localize): MenuPage[] {
  const pages: MenuPage[] = [];
  const walk = (list: readonly MenuNode[], trail: string[]) => {
    for (const node of list) {
      const label = localize(node.displayName ?? node.name);
      if (node.path) pages.push({ key: node.name, path: node.path, label, trail });
      walk(node.children, [...trail, label]);
    }
  };
  walk(nodes, []);
  return pages;
}

/** Case and accents do not count: "administracion" finds "Administración", "USU" "Usuarios". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The pages where every word of the query occurs in the name or a group above it; those whose own
 * name starts with the first word come first, then those whose name holds it, then the rest, each
 * in menu order.
 */
export function findMenuPages(pages: readonly MenuPage[], query: string): MenuPage[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const rank = (page: MenuPage) => {
    const label = fold(page.label);
    const first = words[0] as string;
    if (label.startsWith(first)) return 0;
    return label.includes(first) ? 1 : 2;
  };
  return pages
    .filter((page) => {
      const text = fold([...page.trail, page.label].join(' '));
      return words.every((word) => text.includes(word));
    })
    .map((page, order) => ({ page, order, rank: rank(page) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ page }) => page);
}
