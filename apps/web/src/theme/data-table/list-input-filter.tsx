import { useId } from 'react';
import { DateInput } from '#src/theme/date-input/date-input';

/**
 * One of a list's filters that is typed rather than chosen (ListCard's `filters`): its name, then
 * a text or date field, laid out as a ListFilter is. `nameInside` shows the name in the empty
 * field instead, as the search box does, and leaves the field the filter's whole width. A date's
 * value is `yyyy-MM-dd`, shown and typed in the app's culture (DateInput).
 */
export function ListInputFilter({
  label,
  type = 'text',
  nameInside = false,
  value,
  onChange,
}: {
  label: string;
  type?: 'text' | 'date';
  nameInside?: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div
      className={`app-list-filter${type === 'date' ? ' app-list-filter-date' : ''}${nameInside ? ' app-list-filter-inside' : ''}`}
    >
      <label htmlFor={id} className={nameInside ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {type === 'date' ? (
        <DateInput id={id} label={label} value={value} onChange={onChange} />
      ) : (
        <input
          id={id}
          type="text"
          className="form-control"
          placeholder={nameInside ? label : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
