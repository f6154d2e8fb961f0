import { useId } from 'react';
import { useLocalization } from '#src/core/localization/i18n';

/** The list's search input (the list query debounces it by 300 ms). */
export function SearchBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useLocalization();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="visually-hidden">
        {t('AbpUi::Search')}
      </label>
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={t('AbpUi::PagerSearch')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
