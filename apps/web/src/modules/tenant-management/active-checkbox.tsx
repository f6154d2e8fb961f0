import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocalization } from '#src/core/localization/i18n';

/** The tenant's Active flag (an inactive tenant's users cannot sign in). */
export function ActiveCheckbox({ id, field }: { id: string; field: UseFormRegisterReturn }) {
  const t = useLocalization();
  return (
    <div className="form-check">
      <input className="form-check-input" type="checkbox" id={id} {...field} />
      <label className="form-check-label" htmlFor={id}>
        {t('AbpTenantManagement::DisplayName:IsActive')}
      </label>
    </div>
  );
}
