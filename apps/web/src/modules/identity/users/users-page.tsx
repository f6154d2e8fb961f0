import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { usePermission } from '#src/core/permissions/use-permission';
import { useListQueryInAddress } from '#src/core/query/use-list-query-in-address';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { confirmDelete } from '#src/theme/data-table/confirm-delete';
import type { DataTableColumn } from '#src/theme/data-table/data-table';
import { ListCard } from '#src/theme/data-table/list-card';
import { PageHeader } from '#src/theme/page/page-header';
import type { RowAction } from '#src/theme/row-actions/row-actions';
import { showErrorToast } from '#src/theme/toast/show-error-toast';
import { toaster } from '#src/theme/toast/toaster';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useSignOutUser } from '../api/sign-out-user';
import { useUnlockUser } from '../api/unlock-user';
import { PermissionsModalSlot } from '../shared/permissions-modal-slot';
import { RoleFilter } from './role-filter';
import { isUserStatus, StatusFilter, userStatuses } from './status-filter';
import { UserFormModal } from './user-form-modal';

const P = IdentityPermissions.Users;

type Editing = { kind: 'form'; userId?: string } | { kind: 'permissions'; user: IdentityUserDto };

const displayNameOf = (user: IdentityUserDto) => user.userName;

/** A GUID as the API takes it: anything else in the address would only get a 400. */
const guidPattern = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const ownFilters = {
  roleId: (asked: string) => (guidPattern.test(asked) ? asked.toLowerCase() : ''),
  status: (asked: string) => (isUserStatus(asked) ? asked : ''),
};

/**
 * /identity/users: user name, e-mail, phone, active and locked-out state; `?roleId=` lists one
 * role's members (the roles screen links here) and `?status=` the users of one status, both kept
 * in the address so that the list can be shared.
 */
export function UsersPage() {
  const t = useLocalization();
  const list = useListQueryInAddress({ filters: ownFilters });
  const { roleId, status } = list.filters;
  const { setFilterValue } = list;
  const setRoleId = useCallback((next: string) => setFilterValue('roleId', next), [setFilterValue]);
  const setStatus = useCallback((next: string) => setFilterValue('status', next), [setFilterValue]);
  const result = useUsers({
    ...list.query,
    roleId,
    ...(isUserStatus(status) ? userStatuses[status] : {}),
  });
  const remove = useDeleteUser();
  const unlock = useUnlockUser();
  const signOut = useSignOutUser();
  const currentUserId = useCurrentUser()?.id;
  const [editing, setEditing] = useState<Editing | null>(null);
  const canCreate = usePermission(P.Create);
  const canUpdate = usePermission(P.Update);
  const canDelete = usePermission(P.Delete);
  const canManage = usePermission(P.ManagePermissions);

  // Named by user name, as signing out everywhere is: ABP 4.4 says `name || userName`, and two
  // users named "Juan" read alike in the question that deletes one of them.
  const deleteUser = (user: IdentityUserDto) =>
    confirmDelete({
      message: {
        key: 'AbpIdentity::UserDeletionConfirmationMessage',
        params: [user.userName],
      },
      title: 'AbpIdentity::AreYouSure',
      remove: () => remove.mutateAsync(user.id),
    });

  const unlockUser = async (user: IdentityUserDto) => {
    try {
      await unlock.mutateAsync(user.id);
      toaster.success('AbpUi::SavedSuccessfully');
    } catch (error) {
      showErrorToast(error);
    }
  };

  const signOutUser = async (user: IdentityUserDto) => {
    const name = [user.userName];
    const status = await confirmation.warn(
      'Vineta::SignOutEverywhereConfirmationMessage',
      'AbpIdentity::AreYouSure',
      { messageLocalizationParams: name },
    );
    if (status !== 'confirm') return;
    try {
      await signOut.mutateAsync(user.id);
      toaster.success('Vineta::SignedOutEverywhere', undefined, {
        messageLocalizationParams: name,
      });
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
    // Not offered for oneself: the top bar's Logout ends one's own session.
    if (canUpdate && user.id !== currentUserId)
      actions.push({
        key: 'sign-out',
        label: t('Vineta::SignOutEverywhere'),
        onClick: () => void signOutUser(user),
      });
    if (canDelete && user.id !== currentUserId)
      actions.push({
        key: 'delete',
        label: t('AbpIdentity::Delete'),
        danger: true,
        onClick: () => void deleteUser(user),
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
        <span
          className={`app-data-cell-text${user.isActive ? '' : ' text-body-secondary'}`}
          title={user.userName}
        >
          {user.userName}
        </span>
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
      // Digits and spaces take the page's direction: in Arabic "+52 55 1234" read "1234 55 52+".
      cell: (user) =>
        user.phoneNumber && (
          <span dir="ltr" className="app-data-cell-text" title={user.phoneNumber}>
            {user.phoneNumber}
          </span>
        ),
    },
    {
      key: 'state',
      // Active or not, and locked out: the status the filter beside the search narrows by.
      header: t('Vineta::Status'),
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
      <ListCard
        caption={t('AbpIdentity::Users')}
        list={list}
        result={result}
        columns={columns}
        rowKey={(user) => user.id}
        rowName={(user) => user.userName}
        rowActions={canUpdate || canDelete || canManage ? actionsOf : undefined}
        filters={
          <>
            <RoleFilter roleId={roleId} onChange={setRoleId} />
            <StatusFilter status={isUserStatus(status) ? status : ''} onChange={setStatus} />
          </>
        }
      />
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
