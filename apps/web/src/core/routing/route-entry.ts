import type { ComponentType } from 'react';
import type { ApplicationConfiguration } from '../app-configuration/application-configuration';

export type LayoutType = 'application' | 'account' | 'empty';
export type RouteGuard = 'authenticated' | 'internal-authentication';
export type IconName =
  | 'home'
  | 'wrench'
  | 'cog'
  | 'users'
  | 'id-card'
  | 'menu'
  | 'close'
  | 'user'
  | 'globe'
  | 'grid'
  | 'calendar'
  | 'eye'
  | 'eye-off';

/** What a lazy page module gives the router. */
export interface PageModule {
  Component: ComponentType;
}

/**
 * One entry of the route registry (ABP's `ABP.Route`): menus, breadcrumbs, guards and the router
 * all read these. `path` is absolute; an entry without a page is a menu group.
 */
export interface RouteEntry {
  /** Unique; also the text key shown in menus and breadcrumbs unless `displayName` is set. */
  name: string;
  displayName?: string;
  parentName?: string;
  path?: string;
  layout?: LayoutType;
  order?: number;
  iconClass?: IconName;
  invisible?: boolean;
  requiredPolicy?: string;
  /** Extra visibility rule on the configuration (e.g. Settings and its feature). */
  isVisible?: (configuration: ApplicationConfiguration) => boolean;
  page?: () => Promise<PageModule>;
  guards?: RouteGuard[];
  /** Where a path without a page sends the browser. */
  redirectTo?: string;
  /** Hides the tenant box of the account layout on this route. */
  hideTenantBox?: boolean;
}

/** The data each react-router route carries in `handle`. */
export interface RouteHandle {
  name?: string;
  layout?: LayoutType;
  requiredPolicy?: string;
  hideTenantBox?: boolean;
}

export const administrationRouteName = 'AbpUiNavigation::Menu:Administration';
