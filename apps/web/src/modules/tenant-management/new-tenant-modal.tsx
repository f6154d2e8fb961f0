import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { applyValidationErrors } from '#src/theme/form/apply-validation-errors';
import { BusyButton } from '#src/theme/form/busy-button';
import { PasswordField } from '#src/theme/form/password-field';
import { TextField } from '#src/theme/form/text-field';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { Modal, ModalCloseButton } from '#src/theme/modal/modal';
import { showErrorToast } from '#src/theme/toast/show-error-toast';
import { toaster } from '#src/theme/toast/toaster';
import { ActiveCheckbox } from './active-checkbox';
import { useSaveTenant } from './api/save-tenant';
import { type NewTenantValues, newTenantSchema, tenantFormFields } from './tenant-form-schema';
import { usePasswordRules } from './use-password-rules';

/**
 * New tenant: its name and its `admin` user's e-mail and password (the server creates the
 * tenant, its admin role and that user in one transaction).
 */
export function NewTenantModal({ onClose }: { onClose: () => void }) {
  const t = useLocalization();
  const formId = useId();
  const rules = usePasswordRules();
  const schema = useMemo(() => newTenantSchema(rules), [rules]);
  const save = useSaveTenant();
  const form = useForm<NewTenantValues>({
    resolver: zodFormResolver(schema),
    mode: 'onChange',
    defaultValues: { name: '', adminEmailAddress: '', adminPassword: '', isActive: true },
  });
  const { isDirty, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ body: values });
      toaster.success({ key: 'AbpUi::SavedSuccessfully', defaultValue: 'Saved successfully' });
      onClose();
    } catch (error) {
      const remote = error instanceof RestError ? error.remoteError : undefined;
      applyValidationErrors(remote, form.setError, tenantFormFields);
      showErrorToast(error);
    }
  });

  return (
    <Modal
      visible
      onVisibleChange={onClose}
      title={t('AbpTenantManagement::NewTenant')}
      busy={save.isPending}
      dirty={isDirty}
      footer={
        <>
          <ModalCloseButton disabled={save.isPending} />
          <BusyButton form={formId} busy={save.isPending} disabled={!isValid}>
            {t('AbpUi::Save')}
          </BusyButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextField
          control={form.control}
          name="name"
          label={t('AbpTenantManagement::TenantName')}
          autoComplete="off"
          maxLength={64}
        />
        <TextField
          control={form.control}
          name="adminEmailAddress"
          type="email"
          label={t('AbpTenantManagement::DisplayName:AdminEmailAddress')}
          autoComplete="off"
          maxLength={256}
        />
        <PasswordField
          control={form.control}
          name="adminPassword"
          label={t('AbpTenantManagement::DisplayName:AdminPassword')}
        />
        <ActiveCheckbox id={`${formId}-active`} field={form.register('isActive')} />
      </form>
    </Modal>
  );
}
