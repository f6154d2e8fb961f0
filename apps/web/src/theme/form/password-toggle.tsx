import { useLocalization } from '#src/core/localization/i18n';
import { Icon } from '#src/theme/icons/icon';

/**
 * The button beside a password input that shows or hides what was typed: an eye, so the field
 * keeps its width on a phone (the words took half of it). Its name stays "Show password" and
 * `aria-pressed` tells whether it is on, as a toggle's name must not change with its state.
 */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const t = useLocalization();
  const label = t('AbpUi::ShowPassword');
  return (
    <button
      type="button"
      className="btn btn-outline-secondary"
      aria-label={label}
      title={shown ? t('AbpUi::HidePassword') : label}
      aria-pressed={shown}
      onClick={onToggle}
    >
      <Icon name={shown ? 'eye-off' : 'eye'} />
    </button>
  );
}
