import type { PermissionGrantInfoDto } from '@vineta/contracts/permission-management/permissions';
import { describe, expect, it } from 'vitest';
import {
  changes,
  fixedFor,
  initialState,
  permissionsBeyondEditor,
  rootsOf,
  selection,
  setAll,
  toggle,
} from './permission-tree';

const permission = (
  name: string,
  parentName: string | null,
  isGranted = false,
  grantedProviders: { providerName: string; providerKey: string }[] = [],
): PermissionGrantInfoDto => ({
  name,
  displayName: name,
  parentName,
  isGranted,
  allowedProviders: [],
  grantedProviders,
});

const roles = permission('Roles', null);
const create = permission('Roles.Create', 'Roles');
const update = permission('Roles.Update', 'Roles');
const fromRole = permission('Users', null, true, [{ providerName: 'R', providerKey: 'admin' }]);
const all = [roles, create, update, fromRole];
const state = initialState([{ name: 'G', displayName: 'G', permissions: all }]);
const holdsAll = { Roles: true, 'Roles.Create': true, 'Roles.Update': true, Users: true };
const fixed = fixedFor('U', holdsAll);

describe('permission tree', () => {
  it('ticks the parent when a child is ticked', () => {
    expect(toggle(state, all, 'Roles.Create', true, fixed)).toMatchObject({
      Roles: true,
      'Roles.Create': true,
    });
  });

  it('unticks the children when the parent is unticked', () => {
    const granted = { ...state, Roles: true, 'Roles.Create': true, 'Roles.Update': true };
    expect(toggle(granted, all, 'Roles', false, fixed)).toMatchObject({
      Roles: false,
      'Roles.Create': false,
      'Roles.Update': false,
    });
  });

  it('select all skips grants locked by another provider', () => {
    const none = setAll({ ...state, Roles: true }, all, false, fixed);
    expect(none).toMatchObject({ Roles: false, Users: true });
    expect(selection(none, all, 'U', fixed)).toBe('some');
    expect(selection(setAll(state, all, true, fixed), all, 'U', fixed)).toBe('all');
  });

  it('sends only the changes, never a locked grant', () => {
    const next = toggle(state, all, 'Roles.Update', true, fixed);
    expect(changes(state, next, all, 'U')).toEqual([
      { name: 'Roles', isGranted: true },
      { name: 'Roles.Update', isGranted: true },
    ]);
  });

  it('starts the tree at the permissions whose parent is not in the group', () => {
    expect(rootsOf(all)).toContain(roles);
    expect(rootsOf(all)).not.toContain(create);
    expect(rootsOf([create])).toEqual([create]);
  });

  it("leaves the editor's missing permissions as they are, and out of Select all's count", () => {
    const withoutUpdate = fixedFor('U', { ...holdsAll, 'Roles.Update': false });
    const ticked = setAll(state, all, true, withoutUpdate);
    expect(ticked).toMatchObject({ Roles: true, 'Roles.Create': true, 'Roles.Update': false });
    expect(selection(ticked, all, 'U', withoutUpdate)).toBe('all');
    expect(selection(state, all, 'U', withoutUpdate)).toBe('some');
  });

  it('finds what the role or user holds beyond the editor, own grants or its roles', () => {
    const granted = permission('Roles.Update', 'Roles', true);
    expect(permissionsBeyondEditor([roles, granted, fromRole], holdsAll)).toEqual([]);
    expect(permissionsBeyondEditor([roles, granted, fromRole], { Roles: true })).toEqual([
      granted,
      fromRole,
    ]);
  });
});
