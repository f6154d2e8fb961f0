import type {
  PermissionGrantInfoDto,
  PermissionGroupDto,
} from '@vineta/contracts/permission-management/permissions';

/** Grants by permission name. */
export type GrantState = Readonly<Record<string, boolean>>;

/** Granted by a provider other than the one being edited (a role, for a user): read-only. */
export function isLockedByOtherProvider(
  permission: PermissionGrantInfoDto,
  providerName: string,
): boolean {
  return permission.grantedProviders.some((grant) => grant.providerName !== providerName);
}

export function initialState(groups: readonly PermissionGroupDto[]): GrantState {
  const state: Record<string, boolean> = {};
  for (const group of groups) {
    for (const permission of group.permissions) state[permission.name] = permission.isGranted;
  }
  return state;
}

/** A group's top permissions: those whose parent is not in it (children are shown under theirs). */
export function rootsOf(permissions: readonly PermissionGrantInfoDto[]) {
  const names = new Set(permissions.map((permission) => permission.name));
  return permissions.filter(
    (permission) => !permission.parentName || !names.has(permission.parentName),
  );
}

/** The signed-in user's permissions by name (the application configuration's grantedPolicies). */
export type HeldPermissions = Readonly<Record<string, boolean>>;

/** Whether a box stays as it is, whatever the editor clicks. */
export type IsFixed = (permission: PermissionGrantInfoDto) => boolean;

/**
 * A box the editor cannot change: another provider grants it, or the editor does not hold the
 * permission, which the server would refuse to grant (decision 022).
 */
export function fixedFor(providerName: string, held: HeldPermissions): IsFixed {
  return (permission) =>
    isLockedByOtherProvider(permission, providerName) || !held[permission.name];
}

/**
 * The role's or user's permissions the editor does not hold. Any one puts every grant of the role
 * or user out of the editor's reach: the server refuses to change them (decision 022).
 */
export function permissionsBeyondEditor(
  permissions: readonly PermissionGrantInfoDto[],
  held: HeldPermissions,
): PermissionGrantInfoDto[] {
  return permissions.filter(
    (permission) =>
      (permission.isGranted || permission.grantedProviders.length > 0) && !held[permission.name],
  );
}

/**
 * Ticking a permission ticks its parents; unticking one unticks its children (and theirs).
 * Fixed permissions keep their value.
 */
export function toggle(
  state: GrantState,
  all: readonly PermissionGrantInfoDto[],
  name: string,
  granted: boolean,
  isFixed: IsFixed,
): GrantState {
  const next: Record<string, boolean> = { ...state, [name]: granted };
  const byName = new Map(all.map((permission) => [permission.name, permission]));
  if (granted) {
    let parent = byName.get(name)?.parentName;
    while (parent && !next[parent]) {
      next[parent] = true;
      parent = byName.get(parent)?.parentName;
    }
  } else {
    const pending = [name];
    while (pending.length) {
      const current = pending.pop();
      for (const child of all.filter((permission) => permission.parentName === current)) {
        if (!isFixed(child)) next[child.name] = false;
        pending.push(child.name);
      }
    }
  }
  return next;
}

/** Sets every permission of the list that is not fixed. */
export function setAll(
  state: GrantState,
  permissions: readonly PermissionGrantInfoDto[],
  granted: boolean,
  isFixed: IsFixed,
): GrantState {
  const next: Record<string, boolean> = { ...state };
  for (const permission of permissions) {
    if (!isFixed(permission)) next[permission.name] = granted;
  }
  return next;
}

/** Shown as granted: by this provider, or locked by another one. */
export function isShownGranted(
  state: GrantState,
  permission: PermissionGrantInfoDto,
  providerName: string,
): boolean {
  return Boolean(state[permission.name]) || isLockedByOtherProvider(permission, providerName);
}

/**
 * 'all', 'none' or 'some' of the permissions are granted. A fixed, ungranted box is left out of
 * the count: "Select all" could never tick it, and would otherwise stay half-ticked for ever.
 */
export function selection(
  state: GrantState,
  permissions: readonly PermissionGrantInfoDto[],
  providerName: string,
  isFixed: IsFixed,
) {
  const counted = permissions.filter(
    (permission) => !isFixed(permission) || isShownGranted(state, permission, providerName),
  );
  const count = counted.filter((permission) =>
    isShownGranted(state, permission, providerName),
  ).length;
  if (counted.length > 0 && count === counted.length) return 'all' as const;
  return count === 0 ? ('none' as const) : ('some' as const);
}

/** The changed grants only (what the PUT sends). */
export function changes(
  original: GrantState,
  state: GrantState,
  permissions: readonly PermissionGrantInfoDto[],
  providerName: string,
) {
  return permissions
    .filter(
      (permission) =>
        !isLockedByOtherProvider(permission, providerName) &&
        Boolean(original[permission.name]) !== Boolean(state[permission.name]),
    )
    .map((permission) => ({ name: permission.name, isGranted: Boolean(state[permission.name]) }));
}
