import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { useState } from 'react';
import { useCurrentUser } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { usePermission } from '#src/core/permissions/use-permission';
import { useListQuery } from '#src/core/query/use-list-query';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { PageHeader } from '#src/theme/page/page-header';
import { toaster } from '#src/theme/toast/toaster';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUnlockUser } from '../api/unlock-user';
import { DataTable, type DataTableColumn } from '../shared/data-table';
import { PermissionsModalSlot } from '../shared/permissions-modal-slot';
import { type RowAction, RowActions } from '../shared/row-actions';
import { SearchBox } from '../shared/search-box';
import { showErrorToast } from '../shared/show-error';
import { UserFormModal } from './user-form-modal';

const P = IdentityPermissions.Users;

type Editing = { kind: 'form'; userId?: string } | { kind: 'permissions'; user: IdentityUserDto };

const displayNameOf = (user: IdentityUserDto) => user.userName;

/** /identity/users: user name, e-mail, phone, active and locked-out state. */
export function UsersPage() {
  const t = useLocalization();
  const list = useListQuery();
  const { data, isFetching } = useUsers(list.query);
  const remove = useDeleteUser();
  const unlock = useUnlockUser();
  const currentUserId = useCurrentUser()?.id;
  const [editing, setEditing] = useState<Editing | null>(null);
  const canCreate = usePermission(P.Create);
  const canUpdate = usePermission(P.Update);
  const canDelete = usePermission(P.Delete);
  const canManage = usePermission(P.ManagePermissions);

  const confirmDelete = async (user: IdentityUserDto) => {
    const status = await confirmation.warn(
      { key: 'AbpIdentity::UserDeletionConfirmationMessage', params: [user.name || user.userName] },
      'AbpIdentity::AreYouSure',
    );
    if (status !== 'confirm') return;
    try {
      await remove.mutateAsync(user.id);
      toaster.success('AbpUi::SuccessfullyDeleted');
    } catch (error) {
      showErrorToast(error);
    }
  };

  const unlockUser = async (user: IdentityUserDto) => {
    try {
      await unlock.mutateAsync(user.id);
      toaster.success('AbpUi::SavedSuccessfully');
    } catch (error) {
      showErrorToast(error);
    }
  };

  const actionsOf = (user: IdentityUserDto): RowAction[] => {
    const actions: RowAction[] = [];
    if (canUpdate)
      actions.push({
        key: 'edit',
        label: t('AbpIdentity::Edit'),
        onClick: () => setEditing({ kind: 'form', userId: user.id }),
      });
    if (canManage)
      actions.push({
        key: 'permissions',
        label: t('AbpIdentity::Permissions'),
        onClick: () => setEditing({ kind: 'permissions', user }),
      });
    if (canUpdate && user.isLockedOut)
      actions.push({
        key: 'unlock',
        label: t('AbpIdentity::Unlock'),
        onClick: () => void unlockUser(user),
      });
    if (canDelete && user.id !== currentUserId)
      actions.push({
        key: 'delete',
        label: t('AbpIdentity::Delete'),
        danger: true,
        onClick: () => void confirmDelete(user),
      });
    return actions;
  };

  const columns: DataTableColumn<IdentityUserDto>[] = [
    {
      key: 'userName',
      header: t('AbpIdentity::UserName'),
      sortKey: 'userName',
      width: 200,
      cell: (user) => (
        <span className={user.isActive ? '' : 'text-body-secondary'}>{user.userName}</span>
      ),
    },
    {
      key: 'email',
      header: t('AbpIdentity::EmailAddress'),
      sortKey: 'email',
      width: 220,
      cell: (user) => user.email,
    },
    {
      key: 'phoneNumber',
      header: t('AbpIdentity::PhoneNumber'),
      sortKey: 'phoneNumber',
      cell: (user) => user.phoneNumber,
    },
    {
      key: 'state',
      header: t('AbpIdentity::DisplayName:IsActive'),
      cell: (user) => (
        <>
          <span
            className={`app-badge me-1 ${user.isActive ? 'text-bg-success' : 'text-bg-secondary'}`}
          >
            {user.isActive ? t('AbpIdentity::Active') : t('AbpIdentity::Inactive')}
          </span>
          {user.isLockedOut && (
            <span className="app-badge text-bg-danger">{t('AbpIdentity::LockedOut')}</span>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('AbpIdentity::Users')}>
        {canCreate && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ kind: 'form' })}
          >
            {t('AbpIdentity::NewUser')}
          </button>
        )}
      </PageHeader>
      <div className="card">
        <div className="card-body">
          <SearchBox value={list.filterInput} onChange={list.setFilter} />
          <DataTable
            caption={t('AbpIdentity::Users')}
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(user) => user.id}
            totalCount={data?.totalCount ?? 0}
            page={list.page}
            pageSize={list.query.maxResultCount}
            onPageChange={list.setPage}
            sorting={list.query.sorting}
            onSortingChange={list.setSorting}
            loading={isFetching}
            {...(canUpdate || canDelete || canManage
              ? {
                  actions: (user: IdentityUserDto) => (
                    <RowActions actions={actionsOf(user)} rowName={user.userName} />
                  ),
                }
              : {})}
          />
        </div>
      </div>
      {editing?.kind === 'form' && (
        <UserFormModal userId={editing.userId} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'permissions' && (
        <PermissionsModalSlot
          providerName="U"
          providerKey={editing.user.id}
          displayName={displayNameOf(editing.user)}
          visible
          onVisibleChange={(visible) => !visible && setEditing(null)}
        />
      )}
    </>
  );
}
