import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { useState } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { usePermission } from '#src/core/permissions/use-permission';
import { useListQuery } from '#src/core/query/use-list-query';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { PageHeader } from '#src/theme/page/page-header';
import { toaster } from '#src/theme/toast/toaster';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { DataTable, type DataTableColumn } from '../shared/data-table';
import { PermissionsModalSlot } from '../shared/permissions-modal-slot';
import { type RowAction, RowActions } from '../shared/row-actions';
import { SearchBox } from '../shared/search-box';
import { showErrorToast } from '../shared/show-error';
import { RoleFormModal } from './role-form-modal';

const P = IdentityPermissions.Roles;

type Editing = { kind: 'form'; roleId?: string } | { kind: 'permissions'; role: IdentityRoleDto };

/** /identity/roles: the roles list with its badges, search, sorting and paging. */
export function RolesPage() {
  const t = useLocalization();
  const list = useListQuery();
  const { data, isFetching } = useRoles(list.query);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canCreate = usePermission(P.Create);
  const canUpdate = usePermission(P.Update);
  const canDelete = usePermission(P.Delete);
  const canManage = usePermission(P.ManagePermissions);

  const confirmDelete = async (role: IdentityRoleDto) => {
    const status = await confirmation.warn(
      { key: 'AbpIdentity::RoleDeletionConfirmationMessage', params: [role.name] },
      'AbpIdentity::AreYouSure',
    );
    if (status !== 'confirm') return;
    try {
      await remove.mutateAsync(role.id);
      toaster.success('AbpUi::SuccessfullyDeleted');
    } catch (error) {
      showErrorToast(error);
    }
  };

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
    if (canDelete && !role.isStatic)
      actions.push({
        key: 'delete',
        label: t('AbpIdentity::Delete'),
        danger: true,
        onClick: () => void confirmDelete(role),
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
          <span className="me-1">{role.name}</span>
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
      <div className="card">
        <div className="card-body">
          <SearchBox value={list.filterInput} onChange={list.setFilter} />
          <DataTable
            caption={t('AbpIdentity::Roles')}
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(role) => role.id}
            totalCount={data?.totalCount ?? 0}
            page={list.page}
            pageSize={list.query.maxResultCount}
            onPageChange={list.setPage}
            sorting={list.query.sorting}
            onSortingChange={list.setSorting}
            loading={isFetching}
            {...(canUpdate || canDelete || canManage
              ? {
                  actions: (role: IdentityRoleDto) => (
                    <RowActions actions={actionsOf(role)} rowName={role.name} />
                  ),
                }
              : {})}
          />
        </div>
      </div>
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
