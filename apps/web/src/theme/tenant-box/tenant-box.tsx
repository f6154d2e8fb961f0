import { useState } from 'react';
import { useCurrentTenant } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { sessionStore } from '#src/core/session/session-store';
import { useStore } from '#src/core/store';
import { TenantSwitchModal } from './tenant-switch-modal';

/** The current tenant (or 'not selected') and the Switch link. */
export function TenantBox() {
  const localize = useLocalization();
  const configured = useCurrentTenant();
  const session = useStore(sessionStore, (state) => state.tenant);
  const [open, setOpen] = useState(false);
  const name = configured?.isAvailable ? configured.name : (session?.name ?? null);

  return (
    <section className="card app-tenant-box" aria-labelledby="tenant-box-title">
      <div className="card-body d-flex align-items-center justify-content-between gap-2">
        <div>
          <span id="tenant-box-title" className="app-tenant-box-label">
            {localize({ key: 'AbpUiMultiTenancy::Tenant', defaultValue: 'Tenant' })}
          </span>
          <div className="app-tenant-box-name">
            {name ?? (
              <i>
                {localize({ key: 'AbpUiMultiTenancy::NotSelected', defaultValue: 'Not selected' })}
              </i>
            )}
          </div>
        </div>
        <button type="button" className="btn btn-link" onClick={() => setOpen(true)}>
          {localize({ key: 'AbpUiMultiTenancy::Switch', defaultValue: 'Switch' })}
        </button>
      </div>
      {open && <TenantSwitchModal visible={open} onVisibleChange={setOpen} currentName={name} />}
    </section>
  );
}
