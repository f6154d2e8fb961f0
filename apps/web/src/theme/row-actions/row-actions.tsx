import { useLocalization } from '#src/core/localization/i18n';
import { Dropdown } from '#src/theme/dropdown/dropdown';
import { Icon } from '#src/theme/icons/icon';
import './row-actions.css';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/**
 * ABP's row actions: one action is a button, more are an "Actions" dropdown. On a phone the
 * dropdown's toggle is its cog alone (row-actions.css), which left the row's values in sight; its
 * name ("Actions: <row>") is the same at every width.
 */
export function RowActions({ actions, rowName }: { actions: RowAction[]; rowName: string }) {
  const t = useLocalization();
  const [only] = actions;
  if (!only) return null;
  if (actions.length === 1) {
    return (
      <button type="button" className="btn btn-primary btn-sm py-0" onClick={only.onClick}>
        {only.label}
      </button>
    );
  }
  return (
    <Dropdown
      align="start"
      toggleClassName="btn btn-primary btn-sm py-0 dropdown-toggle"
      ariaLabel={`${t('AbpUi::Actions')}: ${rowName}`}
      label={
        <>
          <Icon name="cog" size={14} className="app-row-actions-icon" />
          <span className="app-row-actions-word app-visually-hidden-phone">
            {t('AbpUi::Actions')}
          </span>
        </>
      }
    >
      {(close) =>
        actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={`dropdown-item${action.danger ? ' text-danger' : ''}`}
            onClick={() => {
              close();
              action.onClick();
            }}
          >
            {action.label}
          </button>
        ))
      }
    </Dropdown>
  );
}
