import {
  TenantDatabaseEngineProperty,
  type TenantDto,
} from '@vineta/contracts/tenant-management/tenant';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { useStore } from '#src/core/store';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { savedSuccessfully } from '#src/theme/form/save-with-feedback';
import { TextField } from '#src/theme/form/text-field';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { FormModal } from '#src/theme/modal/form-modal';
import { Modal } from '#src/theme/modal/modal';
import { showErrorToast } from '#src/theme/toast/show-error-toast';
import { toaster } from '#src/theme/toast/toaster';
import {
  useDefaultConnectionString,
  useSaveDefaultConnectionString,
} from './api/default-connection-string';
import { type ConnectionStringValues, connectionStringSchema } from './connection-string-schema';

export interface ConnectionStringModalProps {
  tenant: TenantDto;
  onClose: () => void;
}

/**
 * Connection strings (ABP 4.0's modal, removed from its Angular UI in 4.1, complaint #7): the
 * shared database, or the tenant's own one.
 */
export function ConnectionStringModal({ tenant, onClose }: ConnectionStringModalProps) {
  const t = useLocalization();
  const { data, isError } = useDefaultConnectionString(tenant.id);
  const title = `${t('AbpTenantManagement::ConnectionStrings')} - ${tenant.name}`;
  if (isError) {
    onClose();
    return null;
  }
  if (data === undefined) {
    return (
      <Modal visible onVisibleChange={onClose} title={title} busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  return <ConnectionStringForm tenant={tenant} stored={data} title={title} onClose={onClose} />;
}

function ConnectionStringForm({
  tenant,
  stored,
  title,
  onClose,
}: ConnectionStringModalProps & { stored: string; title: string }) {
  const t = useLocalization();
  const formId = useId();
  const save = useSaveDefaultConnectionString();
  const form = useForm<ConnectionStringValues>({
    resolver: zodFormResolver(connectionStringSchema),
    mode: 'onChange',
    defaultValues: { useSharedDatabase: stored === '', connectionString: stored },
  });
  const { isDirty, isValid } = form.formState;
  const useShared = form.watch('useSharedDatabase');
  // The shared database's engine, which a tenant's own must use: the server tells it to those who
  // may manage connection strings.
  const engine = useStore(
    appConfigurationStore,
    (configuration) => configuration?.extraProperties?.[TenantDatabaseEngineProperty],
  );
  const hint =
    engine === 'sqlite' || engine === 'postgres'
      ? t(`AbpTenantManagement::ConnectionStringHint:${engine}`)
      : undefined;

  const submit = form.handleSubmit(async (values) => {
    const value = values.useSharedDatabase ? null : values.connectionString.trim();
    // Nothing stored and nothing asked for: there is nothing to delete.
    if (value === null && stored === '') return onClose();
    // Another database moves none of the tenant's data (as ABP, only the target is migrated and
    // seeded): say so before the tenant's users and settings seem to vanish.
    if (value !== (stored || null)) {
      const answer = await confirmation.warn(
        {
          key: 'AbpTenantManagement::ConnectionStringChangeConfirmationMessage',
          params: [tenant.name],
        },
        'AbpUi::AreYouSure',
      );
      if (answer !== 'confirm') return;
    }
    try {
      await save.mutateAsync({ id: tenant.id, value });
      toaster.success(savedSuccessfully);
      onClose();
    } catch (error) {
      // The server says why (wrong engine, the shared file itself, the driver's own message).
      const remote = error instanceof RestError ? error.remoteError : undefined;
      const reason = [remote?.message, remote?.details].filter(Boolean).join(' ');
      if (reason && !values.useSharedDatabase) {
        form.setError('connectionString', { type: 'server', message: reason });
      }
      showErrorToast(error);
    }
  });

  return (
    <FormModal
      title={title}
      formId={formId}
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      dirty={isDirty}
      valid={isValid}
    >
      <div className="form-check mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          id={`${formId}-shared`}
          {...form.register('useSharedDatabase', {
            // Revalidate the string: it is required only without the shared database.
            onChange: () => void form.trigger('connectionString'),
          })}
        />
        <label className="form-check-label" htmlFor={`${formId}-shared`}>
          {t('AbpTenantManagement::DisplayName:UseSharedDatabase')}
        </label>
      </div>
      {!useShared && (
        <>
          <TextField
            control={form.control}
            name="connectionString"
            label={t('AbpTenantManagement::DisplayName:DefaultConnectionString')}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            maxLength={1024}
            aria-describedby={hint ? `${formId}-hint` : undefined}
          />
          {hint && (
            <p id={`${formId}-hint`} className="form-text mt-n2">
              {hint}
            </p>
          )}
        </>
      )}
    </FormModal>
  );
}
