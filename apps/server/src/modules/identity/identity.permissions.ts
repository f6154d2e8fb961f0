import type { PermissionGroupInput } from '../../platform/authorization/permission-definitions.js';

const text = (key: string) => ({ resource: 'AbpIdentity', key });

const crudChildren = (prefix: string) => [
  { name: `${prefix}.Create`, displayName: text('Permission:Create') },
  { name: `${prefix}.Update`, displayName: text('Permission:Edit') },
  { name: `${prefix}.Delete`, displayName: text('Permission:Delete') },
  { name: `${prefix}.ManagePermissions`, displayName: text('Permission:ChangePermissions') },
];

/** ABP's identity permissions, on both sides; user lookup only for OAuth clients (provider `C`). */
export const identityPermissions: PermissionGroupInput = {
  name: 'AbpIdentity',
  displayName: text('Permission:IdentityManagement'),
  permissions: [
    {
      name: 'AbpIdentity.Roles',
      displayName: text('Permission:RoleManagement'),
      children: crudChildren('AbpIdentity.Roles'),
    },
    {
      name: 'AbpIdentity.Users',
      displayName: text('Permission:UserManagement'),
      children: crudChildren('AbpIdentity.Users'),
    },
    {
      name: 'AbpIdentity.SecurityLogs',
      displayName: text('Permission:SecurityLogs'),
    },
    {
      name: 'AbpIdentity.UserLookup',
      displayName: text('Permission:UserLookup'),
      providers: ['C'],
    },
  ],
};
