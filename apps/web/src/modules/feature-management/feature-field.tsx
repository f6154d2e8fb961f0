import type { FeatureDto } from '@vineta/contracts/feature-management/features';
import { useLocalization } from '#src/core/localization/i18n';
import { localizeValidation } from '#src/theme/form/field-error';

export interface FeatureFieldProps {
  /** Prefix for the element ids (the modal's `useId`). */
  idPrefix: string;
  feature: FeatureDto;
  value: string;
  disabled: boolean;
  /** An encoded validation message to show under the field. */
  error: string | null;
  /** The provider the shown value comes from, when it is not the edited one. */
  inheritedFrom: string | null;
  onChange: (value: string) => void;
}

/** One feature, by its value type: a switch, a text (or number) input, or a select. */
export function FeatureField({
  idPrefix,
  feature,
  value,
  disabled,
  error,
  inheritedFrom,
  onChange,
}: FeatureFieldProps) {
  const t = useLocalization();
  const id = `${idPrefix}-${feature.name}`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [feature.description ? descriptionId : null, error ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const indent = { marginInlineStart: `${feature.depth * 20}px` };
  const label = (
    <>
      {feature.displayName}
      {inheritedFrom && ' '}
      {inheritedFrom && (
        <span className="app-source-pill">
          {t({
            key: `AbpFeatureManagement::Provider:${inheritedFrom}`,
            defaultValue: inheritedFrom,
          })}
        </span>
      )}
    </>
  );
  const help = (
    <>
      {feature.description && (
        <div id={descriptionId} className="form-text">
          {feature.description}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {localizeValidation(error, t, document.documentElement.lang || undefined)}
        </div>
      )}
    </>
  );

  const { valueType } = feature;
  if (valueType.name === 'ToggleStringValueType') {
    return (
      <div className="form-check form-switch mb-3" style={indent}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={value === 'true'}
          className="form-check-input"
          checked={value === 'true'}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onChange(String(event.target.checked))}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
        {help}
      </div>
    );
  }

  const invalid = error ? ' is-invalid' : '';
  return (
    <div className="mb-3" style={indent}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {valueType.name === 'SelectionStringValueType' ? (
        <select
          id={id}
          className={`form-select${invalid}`}
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {valueType.itemSource.items.map((item) => (
            <option key={item.value} value={item.value}>
              {t(
                item.displayText.resourceName
                  ? `${item.displayText.resourceName}::${item.displayText.name}`
                  : item.displayText.name,
              )}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={valueType.validator.name === 'NUMERIC' ? 'number' : 'text'}
          className={`form-control${invalid}`}
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {help}
    </div>
  );
}
