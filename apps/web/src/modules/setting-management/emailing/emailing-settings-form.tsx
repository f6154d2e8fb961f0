import type { EmailSettingsDto } from '@vineta/contracts/setting-management/email-settings';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '#src/theme/form/busy-button';
import { TextField } from '#src/theme/form/text-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { toaster } from '#src/theme/toast/toaster';
import { useUpdateEmailSettings } from '../api/update-email-settings';
import { takeRequestError } from '../shared/show-request-error';
import {
  EmailSettingsForm,
  emailSettingsFields,
  toFormValues,
  toUpdateInput,
} from './email-settings-form-schema';
import './emailing-settings.css';
import { GuardUnsavedChanges } from '#src/theme/form/guard-unsaved-changes';

export interface EmailingSettingsFormProps {
  settings: EmailSettingsDto;
  /** Shown beside Save when the user may send a test e-mail. */
  onSendTestEmail?: (() => void) | undefined;
}

/**
 * The Emailing group (SPEC.md section 2): the fields in order, domain, user name and password
 * collapsing while 'use default credentials' is checked, and Save. The password is never shown:
 * the server only says whether one is stored, and an empty field keeps it.
 */
export function EmailingSettingsForm({ settings, onSendTestEmail }: EmailingSettingsFormProps) {
  const t = useLocalization();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  const updating = useUpdateEmailSettings();
  // A ref, not the mutation's state: a double click submits twice before any re-render.
  const saving = useRef(false);
  const form = useForm<EmailSettingsForm>({
    resolver: zodFormResolver(EmailSettingsForm),
    defaultValues: toFormValues(settings),
    mode: 'onChange',
  });
  const collapsed = form.watch('smtpUseDefaultCredentials');
  const clearingPassword = form.watch('clearSmtpPassword');

  const onValid = async (values: EmailSettingsForm) => {
    if (saving.current) return;
    saving.current = true;
    try {
      // The values read back refill the form: the password field empty again, nothing dirty.
      form.reset(toFormValues(await updating.mutateAsync(toUpdateInput(values))));
    } catch (error) {
      const message = takeRequestError(error, form.setError, emailSettingsFields);
      if (message) toaster.error(message);
      return;
    } finally {
      saving.current = false;
    }
    toaster.success('AbpSettingManagement::SuccessfullySaved', 'AbpUi::Success');
    void refreshAppConfiguration().catch(() => undefined);
  };

  const checkbox = (
    name: 'smtpEnableSsl' | 'smtpUseDefaultCredentials' | 'clearSmtpPassword',
    label: string,
  ) => (
    <div className="form-check mb-3">
      <input
        className="form-check-input"
        type="checkbox"
        id={`${id}-${name}`}
        {...form.register(name)}
      />
      <label className="form-check-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
    </div>
  );

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onValid)}>
      <GuardUnsavedChanges dirty={form.formState.isDirty} />
      <TextField
        control={form.control}
        name="defaultFromDisplayName"
        label={t('AbpSettingManagement::DefaultFromDisplayName')}
        autoComplete="off"
        required
      />
      <TextField
        control={form.control}
        name="defaultFromAddress"
        type="email"
        label={t('AbpSettingManagement::DefaultFromAddress')}
        autoComplete="off"
        required
      />
      <div className="row">
        <div className="col-sm-8">
          <TextField
            control={form.control}
            name="smtpHost"
            label={t('AbpSettingManagement::SmtpHost')}
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <div className="col-sm-4">
          <TextField
            control={form.control}
            name="smtpPort"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            label={t('AbpSettingManagement::SmtpPort')}
            required
          />
        </div>
      </div>
      {checkbox('smtpEnableSsl', t('AbpSettingManagement::SmtpEnableSsl'))}
      {checkbox('smtpUseDefaultCredentials', t('AbpSettingManagement::SmtpUseDefaultCredentials'))}
      <div
        className={`email-credentials${collapsed ? ' is-collapsed' : ''}`}
        data-testid="email-credentials"
      >
        <div className="email-credentials-inner">
          <TextField
            control={form.control}
            name="smtpDomain"
            label={t('AbpSettingManagement::SmtpDomain')}
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="smtpUserName"
            label={t('AbpSettingManagement::SmtpUserName')}
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="smtpPassword"
            type="password"
            label={t('AbpSettingManagement::SmtpPassword')}
            autoComplete="new-password"
            disabled={clearingPassword}
            hint={
              settings.hasSmtpPassword ? t('AbpSettingManagement::SmtpPasswordIsStored') : undefined
            }
          />
          {/* ABP's form sends back the password its GET returned; ours never has it, so removing
              it is a choice of its own. */}
          {settings.hasSmtpPassword &&
            checkbox('clearSmtpPassword', t('AbpSettingManagement::RemoveStoredSmtpPassword'))}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <BusyButton busy={updating.isPending}>{t('AbpUi::Save')}</BusyButton>
        {onSendTestEmail && (
          <button type="button" className="btn btn-outline-primary" onClick={onSendTestEmail}>
            {t('AbpSettingManagement::SendTestEmail')}
          </button>
        )}
      </div>
    </form>
  );
}
