import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { usePasswordRules } from '#src/core/app-configuration/use-password-rules';
import { useLocalization } from '#src/core/localization/i18n';
import { PasswordField } from '#src/theme/form/password-field';
import { saveWithFeedback } from '#src/theme/form/save-with-feedback';
import { TextField } from '#src/theme/form/text-field';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { FormModal } from '#src/theme/modal/form-modal';
import { ActiveCheckbox } from './active-checkbox';
import { useSaveTenant } from './api/save-tenant';
import {
  type NewTenantValues,
  newTenantSchema,
  tenantFormCodeFields,
  tenantFormFields,
} from './tenant-form-schema';

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

  const submit = form.handleSubmit((values) =>
    saveWithFeedback(() => save.mutateAsync({ body: values }), {
      setError: form.setError,
      fields: tenantFormFields,
      codeFields: tenantFormCodeFields,
      onSaved: onClose,
    }),
  );

  return (
    <FormModal
      title={t('AbpTenantManagement::NewTenant')}
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
    </FormModal>
  );
}
