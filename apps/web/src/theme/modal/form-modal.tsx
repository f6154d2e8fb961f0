import { type FormEvent, type ReactNode, useRef } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { BusyButton } from '../form/busy-button';
import { useEnterSubmit } from '../form/use-enter-submit';
import { useSingleSubmit } from '../form/use-single-submit';
import { Modal, ModalCloseButton } from './modal';

export interface FormModalProps {
  title: ReactNode;
  /** What the form edits, named after the title (Modal's `subject`). */
  subject?: string | undefined;
  /** Ties the footer's Save button to the form, which sits in the modal's body. */
  formId: string;
  /** The form's submit, usually react-hook-form's `handleSubmit(save)`: its promise is the save. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onClose: () => void;
  /** A save is running: the modal cannot close and Save shows its spinner. */
  saving: boolean;
  /** Unsaved changes: closing asks first. */
  dirty: boolean;
  /** Save is offered only for a valid form. */
  valid: boolean;
  saveLabel?: string;
  children: ReactNode;
}

/**
 * The edit modals' one shape: a form in the body, Cancel and Save in the footer. Enter submits
 * (ABP's form directive), so on an invalid form it shows the fields' errors.
 */
export function FormModal({
  title,
  subject,
  formId,
  onSubmit,
  onClose,
  saving,
  dirty,
  valid,
  saveLabel,
  children,
}: FormModalProps) {
  const t = useLocalization();
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  const submitOnce = useSingleSubmit(onSubmit);
  const submit = (event: FormEvent<HTMLFormElement>) =>
    saving ? event.preventDefault() : submitOnce(event);
  return (
    <Modal
      visible
      onVisibleChange={onClose}
      title={title}
      subject={subject}
      busy={saving}
      dirty={dirty}
      keyboard
      footer={
        <>
          <ModalCloseButton disabled={saving} />
          <BusyButton form={formId} busy={saving} disabled={!valid}>
            {saveLabel ?? t('AbpUi::Save')}
          </BusyButton>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        // Enter submits even while Save is busy: the running save is not sent twice.
        onSubmit={submit}
      >
        {children}
      </form>
    </Modal>
  );
}
