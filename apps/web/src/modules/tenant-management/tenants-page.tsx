import { FeatureManagementPermissions } from '@vineta/contracts/feature-management/feature-management.permissions';
import type { TenantDto } from '@vineta/contracts/tenant-management/tenant';
import { TenantManagementPermissions } from '@vineta/contracts/tenant-management/tenant-management.permissions';
import { useState } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { usePermission } from '#src/core/permissions/use-permission';
import { useListQueryInAddress } from '#src/core/query/use-list-query-in-address';
import { confirmDelete } from '#src/theme/data-table/confirm-delete';
import type { DataTableColumn } from '#src/theme/data-table/data-table';
import { ListCard } from '#src/theme/data-table/list-card';
import { PageHeader } from '#src/theme/page/page-header';
import type { RowAction } from '#src/theme/row-actions/row-actions';
import { useDeleteTenant } from './api/delete-tenant';
import { useTenants } from './api/get-tenants';
import { ConnectionStringModal } from './connection-string-modal';
import { EditTenantModal } from './edit-tenant-modal';
import { FeaturesModalSlot, useHasFeaturesModal } from './features-modal-slot';
import { NewTenantModal } from './new-tenant-modal';

const P = TenantManagementPermissions.Tenants;

type Editing =
  | { kind: 'new' }
  | { kind: 'edit'; tenantId: string }
  | { kind: 'connection-string'; tenant: TenantDto }
  | { kind: 'features'; tenant: TenantDto }
  | { kind: 'host-features' };

/** /tenant-management/tenants: the tenants with their state, search, sorting and paging. */
export function TenantsPage() {
  const t = useLocalization();
  const list = useListQueryInAddress();
  const result = useTenants(list.query);
  const remove = useDeleteTenant();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canCreate = usePermission(P.Create);
  const canUpdate = usePermission(P.Update);
  const canDelete = usePermission(P.Delete);
  const canManageConnectionStrings = usePermission(P.ManageConnectionStrings);
  // Without the feature-management module there is no modal to open.
  const hasFeaturesModal = useHasFeaturesModal();
  const canManageFeatures = usePermission(P.ManageFeatures) && hasFeaturesModal;
  // ABP's tenants page offers the host's own features beside New tenant.
  const canManageHostFeatures =
    usePermission(FeatureManagementPermissions.ManageHostFeatures) && hasFeaturesModal;

  const deleteTenant = (tenant: TenantDto) =>
    confirmDelete({
      message: {
        key: 'AbpTenantManagement::TenantDeletionConfirmationMessage',
        params: [tenant.name],
      },
      remove: () => remove.mutateAsync(tenant.id),
    });

  const actionsOf = (tenant: TenantDto): RowAction[] => {
    const actions: RowAction[] = [];
    if (canUpdate)
      actions.push({
        key: 'edit',
        label: t('AbpUi::Edit'),
        onClick: () => setEditing({ kind: 'edit', tenantId: tenant.id }),
      });
    if (canManageConnectionStrings)
      actions.push({
        key: 'connection-strings',
        label: t('AbpTenantManagement::Permission:ManageConnectionStrings'),
        onClick: () => setEditing({ kind: 'connection-string', tenant }),
      });
    if (canManageFeatures)
      actions.push({
        key: 'features',
        label: t('AbpTenantManagement::Permission:ManageFeatures'),
        onClick: () => setEditing({ kind: 'features', tenant }),
      });
    if (canDelete)
      actions.push({
        key: 'delete',
        label: t('AbpUi::Delete'),
        danger: true,
        onClick: () => void deleteTenant(tenant),
      });
    return actions;
  };

  const columns: DataTableColumn<TenantDto>[] = [
    {
      key: 'name',
      header: t('AbpTenantManagement::TenantName'),
      sortKey: 'name',
      width: 250,
      cell: (tenant) => (
        <span
          className={`app-data-cell-text${tenant.isActive ? '' : ' text-body-secondary'}`}
          title={tenant.name}
        >
          {tenant.name}
        </span>
      ),
    },
    {
      key: 'isActive',
      header: t('AbpTenantManagement::DisplayName:IsActive'),
      sortKey: 'isActive',
      cell: (tenant) => (
        <span className={`app-badge ${tenant.isActive ? 'text-bg-success' : 'text-bg-secondary'}`}>
          {tenant.isActive ? t('AbpTenantManagement::Active') : t('AbpTenantManagement::Inactive')}
        </span>
      ),
    },
  ];

  const anyAction = canUpdate || canDelete || canManageConnectionStrings || canManageFeatures;
  const close = () => setEditing(null);
  return (
    <>
      <PageHeader title={t('AbpTenantManagement::Tenants')}>
        <div className="d-flex flex-wrap gap-2">
          {canManageHostFeatures && (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => setEditing({ kind: 'host-features' })}
            >
              {t('AbpFeatureManagement::ManageHostFeatures')}
            </button>
          )}
          {canCreate && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing({ kind: 'new' })}
            >
              {t('AbpTenantManagement::NewTenant')}
            </button>
          )}
        </div>
      </PageHeader>
      <ListCard
        caption={t('AbpTenantManagement::Tenants')}
        list={list}
        result={result}
        columns={columns}
        rowKey={(tenant) => tenant.id}
        rowName={(tenant) => tenant.name}
        rowActions={anyAction ? actionsOf : undefined}
      />
      {editing?.kind === 'new' && <NewTenantModal onClose={close} />}
      {editing?.kind === 'edit' && <EditTenantModal tenantId={editing.tenantId} onClose={close} />}
      {editing?.kind === 'connection-string' && (
        <ConnectionStringModal tenant={editing.tenant} onClose={close} />
      )}
      {editing?.kind === 'features' && (
        <FeaturesModalSlot
          providerName="T"
          providerKey={editing.tenant.id}
          displayName={editing.tenant.name}
          visible
          onVisibleChange={(visible) => !visible && close()}
        />
      )}
      {editing?.kind === 'host-features' && (
        <FeaturesModalSlot
          providerName="T"
          visible
          onVisibleChange={(visible) => !visible && close()}
        />
      )}
    </>
  );
}
