import type { RouteEntry } from '#src/core/routing/route-entry';
import { accountPaths } from './account.paths';

/** The account screens (SPEC.md section 2); hidden from the menus. */
export const accountRoutes: RouteEntry[] = [
  { name: 'Account', path: '/account', invisible: true, redirectTo: accountPaths.login },
  {
    name: 'AbpAccount::Login',
    path: accountPaths.login,
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: () => import('./login/login-page').then((module) => ({ Component: module.LoginPage })),
  },
  {
    name: 'AbpAccount::Register',
    path: accountPaths.register,
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: () =>
      import('./register/register-page').then((module) => ({ Component: module.RegisterPage })),
  },
  {
    name: 'AbpAccount::ForgotPassword',
    path: accountPaths.forgotPassword,
    invisible: true,
    layout: 'account',
    guards: ['internal-authentication'],
    page: () =>
      import('./forgot-password/forgot-password-page').then((module) => ({
        Component: module.ForgotPasswordPage,
      })),
  },
  {
    name: 'AbpAccount::ResetPassword',
    path: accountPaths.resetPassword,
    invisible: true,
    layout: 'account',
    hideTenantBox: true,
    page: () =>
      import('./reset-password/reset-password-page').then((module) => ({
        Component: module.ResetPasswordPage,
      })),
  },
  {
    name: 'AbpAccount::MyAccount',
    path: accountPaths.manage,
    invisible: true,
    layout: 'application',
    guards: ['authenticated'],
    page: () =>
      import('./manage-profile/manage-profile-page').then((module) => ({
        Component: module.ManageProfilePage,
      })),
  },
];
