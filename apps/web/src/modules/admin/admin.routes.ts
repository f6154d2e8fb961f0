import type { RouteEntry } from '#src/core/routing/route-entry';

export const adminRoutes: RouteEntry[] = [
  {
    name: '::Menu:Administration',
    path: '/admin',
    order: 2,
    iconClass: 'grid',
    layout: 'application',
    page: () => import('./admin-page').then((module) => ({ Component: module.AdminPage })),
  },
];
