import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import { usePermission } from '#src/core/permissions/use-permission';
import { useListQueryInAddress } from '#src/core/query/use-list-query-in-address';
import { confirmDelete } from '#src/theme/data-table/confirm-delete';
import type { DataTableColumn } from '#src/theme/data-table/data-table';
import { ListCard } from '#src/theme/data-table/list-card';
import { PageHeader } from '#src/theme/page/page-header';
import type { RowAction } from '#src/theme/row-actions/row-actions';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { PermissionsModalSlot } from '../shared/permissions-modal-slot';
import { RoleFormModal } from './role-form-modal';

const P = IdentityPermissions.Roles;

type Editing = { kind: 'form'; roleId?: string } | { kind: 'permissions'; role: IdentityRoleDto };

/** /identity/roles: the roles list with its badges, search, sorting and paging. */
export function RolesPage() {
  const t = useLocalization();
  const list = useListQueryInAddress();
  const result = useRoles(list.query);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canCreate = usePermission(P.Create);
  const canUpdate = usePermission(P.Update);
  const canDelete = usePermission(P.Delete);
  const canManage = usePermission(P.ManagePermissions);
  const canListUsers = usePermission(IdentityPermissions.Users.Default);
  const navigate = useNavigate();

  const deleteRole = (role: IdentityRoleDto) =>
    confirmDelete({
      message: { key: 'AbpIdentity::RoleDeletionConfirmationMessage', params: [role.name] },
      title: 'AbpIdentity::AreYouSure',
      remove: () => remove.mutateAsync(role.id),
    });

  const actionsOf = (role: IdentityRoleDto): RowAction[] => {
    const actions: RowAction[] = [];
    if (canUpdate)
      actions.push({
        key: 'edit',
        label: t('AbpIdentity::Edit'),
        onClick: () => setEditing({ kind: 'form', roleId: role.id }),
      });
    if (canManage)
      actions.push({
        key: 'permissions',
        label: t('AbpIdentity::Permissions'),
        onClick: () => setEditing({ kind: 'permissions', role }),
      });
    if (canListUsers)
      actions.push({
        key: 'users',
        label: t('AbpIdentity::Users'),
        onClick: () => void navigate(`/identity/users?roleId=${role.id}`),
      });
    if (canDelete && !role.isStatic)
      actions.push({
        key: 'delete',
        label: t('AbpIdentity::Delete'),
        danger: true,
        onClick: () => void deleteRole(role),
      });
    return actions;
  };

  const columns: DataTableColumn<IdentityRoleDto>[] = [
    {
      key: 'name',
      header: t('AbpIdentity::RoleName'),
      sortKey: 'name',
      width: 250,
      cell: (role) => (
        <>
          {/* A long name gives way, not the badges after it. */}
          <span className="app-data-cell-text me-1" title={role.name}>
            {role.name}
          </span>
          {role.isDefault && (
            <span className="app-badge text-bg-success me-1">
              {t('AbpIdentity::DisplayName:IsDefault')}
            </span>
          )}
          {role.isPublic && (
            <span className="app-badge text-bg-primary me-1">
              {t('AbpIdentity::DisplayName:IsPublic')}
            </span>
          )}
          {role.isStatic && (
            <span className="app-badge text-bg-secondary">
              {t('AbpIdentity::DisplayName:IsStatic')}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('AbpIdentity::Roles')}>
        {canCreate && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ kind: 'form' })}
          >
            {t('AbpIdentity::NewRole')}
          </button>
        )}
      </PageHeader>
      <ListCard
        caption={t('AbpIdentity::Roles')}
        list={list}
        result={result}
        columns={columns}
        rowKey={(role) => role.id}
        rowName={(role) => role.name}
        rowActions={canUpdate || canDelete || canManage || canListUsers ? actionsOf : undefined}
      />
      {editing?.kind === 'form' && (
        <RoleFormModal roleId={editing.roleId} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'permissions' && (
        <PermissionsModalSlot
          providerName="R"
          providerKey={editing.role.name}
          displayName={editing.role.name}
          visible
          onVisibleChange={(visible) => !visible && setEditing(null)}
        />
      )}
    </>
  );
}
