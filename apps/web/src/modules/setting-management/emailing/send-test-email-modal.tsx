import { SendTestEmailInput } from '@vineta/contracts/setting-management/email-settings';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '#src/theme/form/busy-button';
import { TextField } from '#src/theme/form/text-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { Modal, ModalCloseButton } from '#src/theme/modal/modal';
import { toaster } from '#src/theme/toast/toaster';
import { useSendTestEmail } from '../api/send-test-email';
import { takeRequestError } from '../shared/show-request-error';

const TestEmailForm = SendTestEmailInput.extend({ body: z.string() });
type TestEmailForm = z.infer<typeof TestEmailForm>;
const fields = ['senderEmailAddress', 'targetEmailAddress', 'subject', 'body'] as const;

/** ABP's subject carries a random four-digit number, so successive tests tell apart. */
const randomTestNumber = () => String(1000 + Math.floor(Math.random() * 9000));

export interface SendTestEmailModalProps {
  /** The stored default from address, the sender ABP suggests. */
  senderEmailAddress: string;
  /** The signed-in user's own address, the natural target. */
  targetEmailAddress: string;
  onClose: () => void;
}

/**
 * Send test e-mail (ABP 5+): sender, target, subject and body with ABP's defaults. The mail goes
 * out at once with the saved settings; when the SMTP server refuses, its own reply stays shown
 * in the modal, where it can be read and the settings fixed.
 */
export function SendTestEmailModal({
  senderEmailAddress,
  targetEmailAddress,
  onClose,
}: SendTestEmailModalProps) {
  const t = useLocalization();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Enter submits after 200 ms (SPEC.md section 4); in the body it makes a new line.
  useEnterSubmit(formRef);
  const sending = useSendTestEmail();
  const [failure, setFailure] = useState<string>();
  const form = useForm<TestEmailForm>({
    resolver: zodFormResolver(TestEmailForm),
    mode: 'onChange',
    defaultValues: {
      senderEmailAddress,
      targetEmailAddress,
      subject: t('AbpSettingManagement::TestEmailSubject', randomTestNumber()),
      body: t('AbpSettingManagement::TestEmailBody'),
    },
  });

  const submit = form.handleSubmit(async (values) => {
    if (sending.isPending) return;
    setFailure(undefined);
    try {
      await sending.mutateAsync(values);
    } catch (error) {
      setFailure(takeRequestError(error, form.setError, fields));
      return;
    }
    toaster.success('AbpSettingManagement::SuccessfullySent', 'AbpUi::Success');
    onClose();
  });

  return (
    <Modal
      visible
      onVisibleChange={onClose}
      title={t('AbpSettingManagement::SendTestEmail')}
      busy={sending.isPending}
      // Escape closes it as every other dialog of the app (never while the mail is being sent).
      keyboard
      footer={
        <>
          <ModalCloseButton disabled={sending.isPending} />
          <BusyButton form={formId} busy={sending.isPending}>
            {t('AbpSettingManagement::Send')}
          </BusyButton>
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate onSubmit={submit}>
        {failure && (
          <div className="alert alert-danger text-break" role="alert">
            {failure}
          </div>
        )}
        <TextField
          control={form.control}
          name="senderEmailAddress"
          type="email"
          label={t('AbpSettingManagement::SenderEmailAddress')}
          autoComplete="off"
          required
        />
        <TextField
          control={form.control}
          name="targetEmailAddress"
          type="email"
          label={t('AbpSettingManagement::TargetEmailAddress')}
          autoComplete="email"
          required
        />
        <TextField
          control={form.control}
          name="subject"
          label={t('AbpSettingManagement::Subject')}
          autoComplete="off"
          required
        />
        <TestEmailBodyField form={form} label={t('AbpSettingManagement::Body')} />
      </form>
    </Modal>
  );
}

/** The body is free text over several lines. */
function TestEmailBodyField({
  form,
  label,
}: {
  form: ReturnType<typeof useForm<TestEmailForm>>;
  label: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <textarea className="form-control" id={id} rows={4} {...form.register('body')} />
    </div>
  );
}
