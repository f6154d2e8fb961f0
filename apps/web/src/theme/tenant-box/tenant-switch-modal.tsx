import { type FormEvent, useId, useState } from 'react';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { useLocalization } from '#src/core/localization/i18n';
import { findTenantByName } from '#src/core/multi-tenancy/find-tenant';
import { isTenantNameUnchanged, switchTenant } from '#src/core/multi-tenancy/tenant-switch';
import { setSessionTenant } from '#src/core/session/session-store';
import { Modal, ModalCloseButton } from '../modal/modal';
import { toaster } from '../toast/toaster';

export interface TenantSwitchModalProps {
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  currentName: string | null | undefined;
}

/** 'Switch Tenant': a name (blank for the host), Cancel and Save (disabled while unchanged). */
export function TenantSwitchModal({
  visible,
  onVisibleChange,
  currentName,
}: TenantSwitchModalProps) {
  const localize = useLocalization();
  const inputId = useId();
  const hintId = useId();
  const [name, setName] = useState(currentName ?? '');
  const [busy, setBusy] = useState(false);
  const unchanged = isTenantNameUnchanged(name, currentName);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || unchanged) return;
    setBusy(true);
    try {
      const result = await switchTenant(name, {
        findTenantByName,
        setTenant: setSessionTenant,
        refreshConfiguration: refreshAppConfiguration,
        showError: (message, title, params) =>
          toaster.error(message, title, { messageLocalizationParams: params }),
      });
      if (result !== 'not-found') onVisibleChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={visible}
      onVisibleChange={onVisibleChange}
      busy={busy}
      keyboard
      title={localize({ key: 'AbpUiMultiTenancy::SwitchTenant', defaultValue: 'Switch Tenant' })}
      footer={
        <>
          <ModalCloseButton disabled={busy} />
          <button
            type="submit"
            form={`${inputId}-form`}
            className="btn btn-primary"
            disabled={unchanged || busy}
          >
            {localize({ key: 'AbpUi::Save', defaultValue: 'Save' })}
          </button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={save}>
        <label className="form-label" htmlFor={inputId}>
          {localize({ key: 'AbpUiMultiTenancy::Name', defaultValue: 'Name' })}
        </label>
        <input
          id={inputId}
          className="form-control"
          value={name}
          autoComplete="off"
          aria-describedby={hintId}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={hintId} className="form-text">
          {localize({
            key: 'AbpUiMultiTenancy::SwitchTenantHint',
            defaultValue: 'Leave the name field blank to switch to the host side.',
          })}
        </p>
      </form>
    </Modal>
  );
}
