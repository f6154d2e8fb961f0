import { useLocalization } from '#src/core/localization/i18n';

/** A centred spinner that says 'Loading...' to assistive technology. */
export function LoadingIndicator() {
  const t = useLocalization();
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('AbpUi::LoadingWithThreeDot')}</span>
    </div>
  );
}
