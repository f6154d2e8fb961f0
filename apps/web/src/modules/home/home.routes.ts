import type { RouteEntry } from '#src/core/routing/route-entry';

const homePage = () => import('./home-page').then((module) => ({ Component: module.HomePage }));

export const homeRouteName = '::Menu:Home';

export const homeRoutes: RouteEntry[] = [
  {
    name: homeRouteName,
    path: '/',
    order: 1,
    iconClass: 'home',
    layout: 'application',
    guards: ['authenticated'],
    page: homePage,
  },
  {
    name: 'Home.Home',
    displayName: homeRouteName,
    path: '/home',
    invisible: true,
    layout: 'application',
    guards: ['authenticated'],
    page: homePage,
  },
  {
    name: '::Menu:PaymentSuccess',
    displayName: '::PaymentSuccessTitle',
    parentName: homeRouteName,
    path: '/home/success',
    invisible: true,
    layout: 'application',
    guards: ['authenticated'],
    page: () =>
      import('./payment-result-page').then((module) => ({ Component: module.PaymentSuccessPage })),
  },
  {
    name: '::Menu:PaymentFailure',
    displayName: '::PaymentFailureTitle',
    parentName: homeRouteName,
    path: '/home/failure',
    invisible: true,
    layout: 'application',
    guards: ['authenticated'],
    page: () =>
      import('./payment-result-page').then((module) => ({ Component: module.PaymentFailurePage })),
  },
];
