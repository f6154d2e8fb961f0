import type { RouteEntry } from '#src/core/routing/route-entry';

const placeholder = () =>
  import('./account-placeholder-page').then((module) => ({
    Component: module.AccountPlaceholderPage,
  }));

/** Account screens come with their own issue; the routes, layouts and guards exist now. */
export const accountRoutes: RouteEntry[] = [
  { name: 'Account', path: '/account', invisible: true, redirectTo: '/account/login' },
  {
    name: 'AbpAccount::Login',
    path: '/account/login',
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: () => import('./login-page').then((module) => ({ Component: module.LoginPage })),
  },
  {
    name: 'AbpAccount::Register',
    path: '/account/register',
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: placeholder,
  },
  {
    name: 'AbpAccount::ForgotPassword',
    path: '/account/forgot-password',
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: placeholder,
  },
  {
    name: 'AbpAccount::ResetPassword',
    path: '/account/reset-password',
    invisible: true,
    layout: 'account',
    hideTenantBox: true,
    page: placeholder,
  },
  {
    name: 'AbpAccount::MyAccount',
    path: '/account/manage',
    invisible: true,
    layout: 'application',
    guards: ['authenticated'],
    page: placeholder,
  },
];
