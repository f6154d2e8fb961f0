import { describe, expect, it } from 'vitest';
import { administratorMenu as menu } from './menu-fixture';
import { findMenuPages, menuPages } from './menu-pages';

const pages = menuPages(menu, (source) => (typeof source === 'string' ? source : source.key));
const found = (query: string) => findMenuPages(pages, query).map((page) => page.label);

describe('menu pages', () => {
  it('lists the pages with a path, in menu order, each with the groups above it', () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/admin',
      '/identity/roles',
      '/identity/users',
      '/tenant-management/tenants',
      '/setting-management',
    ]);
    expect(pages[3]).toMatchObject({
      label: 'Usuarios',
      trail: ['Administración', 'Administración de identidades'],
    });
  });

  it('finds a page by its name or a group’s, accents and case aside', () => {
    expect(found('USU')).toEqual(['Usuarios']);
    expect(found('configuracion')).toEqual(['Configuración']);
    expect(found('identidades')).toEqual(['Roles', 'Usuarios']);
  });

  it('wants every word, and puts names that begin with the first one first', () => {
    expect(found('inquilinos admin')).toEqual(['Inquilinos']);
    // Names that begin with it, names that hold it, then pages under a group that holds it.
    expect(found('in')).toEqual([
      'Inicio',
      'Inquilinos',
      'Administración',
      'Roles',
      'Usuarios',
      'Configuración',
    ]);
    expect(found('zzz')).toEqual([]);
    expect(found('   ')).toEqual([]);
  });
});
