import {
  createBrowserRouter,
  data,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { getAppConfiguration } from '#src/core/app-configuration/app-configuration-store';
import { loginPath } from '#src/core/auth/auth-service';
import {
  requireAuthenticated,
  requireInternalAuthentication,
  requirePolicy,
} from '#src/core/auth/route-guards';
import { signinCallbackPath, signoutCallbackPath } from '#src/core/environment';
import type { RouteEntry, RouteHandle } from '#src/core/routing/route-entry';
import { RouteErrorBoundary } from '#src/theme/error-screen/route-error-boundary';
import { DynamicLayout } from '#src/theme/layouts/dynamic-layout';
import { RootLayout } from './root-layout';

async function guard(entry: RouteEntry, { request }: LoaderFunctionArgs): Promise<null> {
  for (const name of entry.guards ?? []) {
    if (name === 'authenticated') await requireAuthenticated(request);
    if (name === 'internal-authentication') await requireInternalAuthentication(request);
  }
  requirePolicy(entry.requiredPolicy);
  if (entry.isVisible && !entry.isVisible(getAppConfiguration())) {
    throw data(null, { status: 403, statusText: 'Forbidden' });
  }
  return null;
}

export function toRouteObject(entry: RouteEntry): RouteObject {
  const path = entry.path === '/' ? undefined : entry.path?.replace(/^\//, '');
  const handle: RouteHandle = {
    name: entry.displayName ?? entry.name,
    ...(entry.layout ? { layout: entry.layout } : {}),
    ...(entry.requiredPolicy ? { requiredPolicy: entry.requiredPolicy } : {}),
    ...(entry.hideTenantBox ? { hideTenantBox: true } : {}),
  };
  const location = path === undefined ? { index: true as const } : { path };
  const redirectTo = entry.redirectTo;
  // `element: null`: the loader redirects before anything renders, and a leaf route without an
  // element made React Router warn in the console of every visit to it.
  if (redirectTo) return { ...location, handle, loader: () => redirect(redirectTo), element: null };
  const page = entry.page;
  return {
    ...location,
    handle,
    loader: (args) => guard(entry, args),
    ...(page ? { lazy: async () => ({ Component: (await page()).Component }) } : {}),
  };
}

/** The first render waits for the configuration, so there is nothing to show meanwhile. */
function NoFallback() {
  return null;
}

/**
 * Every page but the sign-in page sits under the lazy TanStack Query boundary: the sign-in page
 * is the first download of most visits and stays without it.
 */
const usesQueries = (entry: RouteEntry) => entry.path !== loginPath;

export function buildRoutes(entries: readonly RouteEntry[]): RouteObject[] {
  const pages = entries.filter((entry) => entry.path && (entry.page || entry.redirectTo));
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: NoFallback,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          Component: DynamicLayout,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              lazy: async () => ({ Component: (await import('./query-boundary')).QueryBoundary }),
              children: pages.filter(usesQueries).map(toRouteObject),
            },
            ...pages.filter((entry) => !usesQueries(entry)).map(toRouteObject),
            {
              path: signinCallbackPath.slice(1),
              lazy: async () => ({
                Component: (await import('#src/core/auth/signin-callback-page')).SigninCallbackPage,
              }),
            },
            {
              path: signoutCallbackPath.slice(1),
              lazy: async () => ({
                Component: (await import('#src/core/auth/signin-callback-page'))
                  .SignoutCallbackPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(entries: readonly RouteEntry[]) {
  return createBrowserRouter(buildRoutes(entries));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
