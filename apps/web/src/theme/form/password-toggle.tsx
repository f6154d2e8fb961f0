import { useLocalization } from '#src/core/localization/i18n';

/** The button beside a password input that shows or hides what was typed. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const t = useLocalization();
  return (
    <button
      type="button"
      className="btn btn-outline-secondary"
      aria-pressed={shown}
      onClick={onToggle}
    >
      {shown ? t('AbpUi::HidePassword') : t('AbpUi::ShowPassword')}
    </button>
  );
}
