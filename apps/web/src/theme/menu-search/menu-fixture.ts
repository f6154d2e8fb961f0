import type { MenuNode } from '#src/core/routing/menu-tree';

const node = (name: string, path?: string, children: MenuNode[] = []): MenuNode => ({
  name,
  path,
  children,
});

/** The menu an administrator sees, its names as es-MX shows them, for the menu search's tests. */
export const administratorMenu: MenuNode[] = [
  node('Inicio', '/'),
  node('Administración', '/admin', [
    node('Administración de identidades', undefined, [
      node('Roles', '/identity/roles'),
      node('Usuarios', '/identity/users'),
    ]),
    node('Administración de inquilinos', undefined, [
      node('Inquilinos', '/tenant-management/tenants'),
    ]),
    node('Configuración', '/setting-management'),
  ]),
];
