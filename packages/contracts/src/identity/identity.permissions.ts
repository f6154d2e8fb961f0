/** ABP's `IdentityPermissions` (policy names of the Identity module). */
export const IdentityPermissions = {
  GroupName: 'AbpIdentity',
  Roles: {
    Default: 'AbpIdentity.Roles',
    Create: 'AbpIdentity.Roles.Create',
    Update: 'AbpIdentity.Roles.Update',
    Delete: 'AbpIdentity.Roles.Delete',
    ManagePermissions: 'AbpIdentity.Roles.ManagePermissions',
  },
  Users: {
    Default: 'AbpIdentity.Users',
    Create: 'AbpIdentity.Users.Create',
    Update: 'AbpIdentity.Users.Update',
    Delete: 'AbpIdentity.Users.Delete',
    ManagePermissions: 'AbpIdentity.Users.ManagePermissions',
  },
  UserLookup: {
    Default: 'AbpIdentity.UserLookup',
  },
  /** ABP's commercial module's: reading every user's security log (one's own needs none). */
  SecurityLogs: {
    Default: 'AbpIdentity.SecurityLogs',
  },
} as const;
