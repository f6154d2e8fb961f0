import type { TenantDto } from '@vineta/contracts/tenant-management/tenant';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocalization } from '#src/core/localization/i18n';
import { useCloseOnLoadError } from '#src/core/query/use-close-on-load-error';
import { saveWithFeedback } from '#src/theme/form/save-with-feedback';
import { TextField } from '#src/theme/form/text-field';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { FormModal } from '#src/theme/modal/form-modal';
import { Modal } from '#src/theme/modal/modal';
import { ActiveCheckbox } from './active-checkbox';
import { useTenant } from './api/get-tenant';
import { tenantsQueryKey } from './api/get-tenants';
import { useSaveTenant } from './api/save-tenant';
import {
  type EditTenantValues,
  editTenantSchema,
  tenantFormCodeFields,
  tenantFormFields,
} from './tenant-form-schema';

/** Edit: fetches the tenant first, so the save carries its current concurrency stamp. */
export function EditTenantModal({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const t = useLocalization();
  const { data: tenant, isError } = useTenant(tenantId);
  useCloseOnLoadError(isError, onClose, tenantsQueryKey);
  if (isError) return null;
  if (!tenant) {
    return (
      <Modal visible onVisibleChange={onClose} title={t('AbpUi::Edit')} busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  return <EditTenantForm tenant={tenant} onClose={onClose} />;
}

function EditTenantForm({ tenant, onClose }: { tenant: TenantDto; onClose: () => void }) {
  const t = useLocalization();
  const formId = useId();
  const save = useSaveTenant();
  const form = useForm<EditTenantValues>({
    resolver: zodFormResolver(editTenantSchema),
    mode: 'onChange',
    defaultValues: { name: tenant.name, isActive: tenant.isActive },
  });
  const { isDirty, isValid } = form.formState;

  // A concurrency conflict (409) arrives with the server's localized message, in the toast.
  const submit = form.handleSubmit((values) =>
    saveWithFeedback(
      () =>
        save.mutateAsync({
          id: tenant.id,
          body: {
            ...values,
            concurrencyStamp: tenant.concurrencyStamp,
            extraProperties: tenant.extraProperties,
          },
        }),
      {
        setError: form.setError,
        fields: tenantFormFields,
        codeFields: tenantFormCodeFields,
        onSaved: onClose,
        onGone: onClose,
      },
    ),
  );

  return (
    <FormModal
      title={t('AbpUi::Edit')}
      subject={tenant.name}
      formId={formId}
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      dirty={isDirty}
      valid={isValid}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('AbpTenantManagement::TenantName')}
        autoComplete="off"
        maxLength={64}
      />
      <ActiveCheckbox id={`${formId}-active`} field={form.register('isActive')} />
    </FormModal>
  );
}
