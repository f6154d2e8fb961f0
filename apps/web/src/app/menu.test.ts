import { describe, expect, it } from 'vitest';
import {
  breadcrumbTrail,
  findEntryByPath,
  type MenuNode,
  visibleMenu,
} from '#src/core/routing/menu-tree';
import { testConfiguration } from '#src/test/app-configuration';
import { routeEntries } from './routes';

const names = (nodes: MenuNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? { [node.name]: names(node.children) } : node.name));

const allPolicies = {
  'AbpIdentity.Roles': true,
  'AbpIdentity.Users': true,
  'AbpIdentity.SecurityLogs': true,
  'AbpTenantManagement.Tenants': true,
  'SettingManagement.Emailing': true,
};

describe('menus from the route registry', () => {
  it('shows Home (1), Administración (2) and the Administration group (100) in order', () => {
    const menu = visibleMenu(routeEntries, testConfiguration({ policies: allPolicies }));
    expect(names(menu)).toEqual([
      '::Menu:Home',
      '::Menu:Administration',
      {
        'AbpUiNavigation::Menu:Administration': [
          {
            'AbpIdentity::Menu:IdentityManagement': [
              'AbpIdentity::Roles',
              'AbpIdentity::Users',
              'AbpIdentity::SecurityLogs',
            ],
          },
          { 'AbpTenantManagement::Menu:TenantManagement': ['AbpTenantManagement::Tenants'] },
          'AbpSettingManagement::Settings',
        ],
      },
    ]);
    const administration = menu[2];
    expect(administration?.iconClass).toBe('wrench');
    expect(administration?.order).toBe(100);
    expect(menu[0]?.iconClass).toBe('home');
  });

  it('hides the Administration group without any policy', () => {
    expect(names(visibleMenu(routeEntries, testConfiguration()))).toEqual([
      '::Menu:Home',
      '::Menu:Administration',
    ]);
  });

  it('shows Identity management with the security logs alone', () => {
    const menu = visibleMenu(
      routeEntries,
      testConfiguration({ policies: { 'AbpIdentity.SecurityLogs': true } }),
    );
    expect(names(menu)[2]).toEqual({
      'AbpUiNavigation::Menu:Administration': [
        { 'AbpIdentity::Menu:IdentityManagement': ['AbpIdentity::SecurityLogs'] },
      ],
    });
  });

  it('shows Identity management with either policy, and only the granted child', () => {
    const roles = visibleMenu(
      routeEntries,
      testConfiguration({ policies: { 'AbpIdentity.Roles': true } }),
    );
    expect(names(roles)[2]).toEqual({
      'AbpUiNavigation::Menu:Administration': [
        { 'AbpIdentity::Menu:IdentityManagement': ['AbpIdentity::Roles'] },
      ],
    });
    const users = visibleMenu(
      routeEntries,
      testConfiguration({ policies: { 'AbpIdentity.Users': true } }),
    );
    expect(names(users)[2]).toEqual({
      'AbpUiNavigation::Menu:Administration': [
        { 'AbpIdentity::Menu:IdentityManagement': ['AbpIdentity::Users'] },
      ],
    });
  });

  it('shows Tenant management with its policy only', () => {
    const menu = visibleMenu(
      routeEntries,
      testConfiguration({ policies: { 'AbpTenantManagement.Tenants': true } }),
    );
    expect(names(menu)[2]).toEqual({
      'AbpUiNavigation::Menu:Administration': [
        { 'AbpTenantManagement::Menu:TenantManagement': ['AbpTenantManagement::Tenants'] },
      ],
    });
  });

  it('shows Settings when the Emailing group is visible, unless SettingManagement.Enable is false', () => {
    const emailing = { 'SettingManagement.Emailing': true };
    const visible = visibleMenu(routeEntries, testConfiguration({ policies: emailing }));
    expect(names(visible)[2]).toEqual({
      'AbpUiNavigation::Menu:Administration': ['AbpSettingManagement::Settings'],
    });
    const cog = visible[2]?.children[0];
    expect(cog?.iconClass).toBe('cog');
    expect(cog?.order).toBe(100);
    for (const value of ['false', 'False', 'FALSE']) {
      const hidden = visibleMenu(
        routeEntries,
        testConfiguration({ policies: emailing, features: { 'SettingManagement.Enable': value } }),
      );
      expect(names(hidden)).toHaveLength(2);
    }
    const enabled = visibleMenu(
      routeEntries,
      testConfiguration({ policies: emailing, features: { 'SettingManagement.Enable': 'true' } }),
    );
    expect(names(enabled)).toHaveLength(3);
  });

  it('keeps the account routes out of the menu', () => {
    const all = JSON.stringify(
      names(visibleMenu(routeEntries, testConfiguration({ policies: allPolicies }))),
    );
    expect(all).not.toContain('AbpAccount');
  });

  it('builds the breadcrumb without the Administration node', () => {
    expect(breadcrumbTrail(routeEntries, '/identity/roles').map((entry) => entry.name)).toEqual([
      'AbpIdentity::Menu:IdentityManagement',
      'AbpIdentity::Roles',
    ]);
    expect(breadcrumbTrail(routeEntries, '/setting-management').map((entry) => entry.name)).toEqual(
      ['AbpSettingManagement::Settings'],
    );
    expect(breadcrumbTrail(routeEntries, '/home/success').map((entry) => entry.name)).toEqual([
      '::Menu:Home',
      '::Menu:PaymentSuccess',
    ]);
  });

  it('matches paths on whole segments', () => {
    expect(findEntryByPath(routeEntries, '/identity/users/')?.name).toBe('AbpIdentity::Users');
    expect(findEntryByPath(routeEntries, '/identity/usersx')?.name).toBe('Identity');
    expect(findEntryByPath(routeEntries, '/')?.name).toBe('::Menu:Home');
  });
});
