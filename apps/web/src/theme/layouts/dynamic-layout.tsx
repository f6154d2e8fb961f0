import { type ComponentType, lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { replaceableKeys, useReplaceableComponent } from '#src/core/routing/replaceable-components';
import type { LayoutType, RouteHandle } from '#src/core/routing/route-entry';
import { AccountLayout } from './account-layout';
import { EmptyLayout } from './empty-layout';

// The application shell is not needed by the sign-in page, so it loads on its own.
const LazyApplicationLayout = lazy(() =>
  import('./application-layout').then((module) => ({ default: module.ApplicationLayout })),
);

/** The layout named by the deepest route that names one; empty by default. */
export function useLayoutType(): LayoutType {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const layout = (matches[index]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'empty';
}

const layoutKeys: Record<LayoutType, string> = {
  application: replaceableKeys.applicationLayout,
  account: replaceableKeys.accountLayout,
  empty: replaceableKeys.emptyLayout,
};

const defaultLayouts: Record<LayoutType, ComponentType> = {
  application: LazyApplicationLayout,
  account: AccountLayout,
  empty: EmptyLayout,
};

/** ABP's DynamicLayoutComponent: picks the (replaceable) layout for the current route. */
export function DynamicLayout() {
  const type = useLayoutType();
  const Layout = useReplaceableComponent(layoutKeys[type], defaultLayouts[type]);
  return (
    <Suspense fallback={null}>
      <Layout />
    </Suspense>
  );
}
