import { useLocalization } from '#src/core/localization/i18n';
import { ListFilter } from '#src/theme/data-table/list-filter';

/** The statuses the users list filters by, and what each asks the API for (ABP's names). */
export const userStatuses = {
  active: { notActive: false },
  inactive: { notActive: true },
  lockedOut: { isLockedOut: true },
} as const;
export type UserStatus = keyof typeof userStatuses;

export const isUserStatus = (value: string): value is UserStatus =>
  Object.hasOwn(userStatuses, value);

const statusTexts: Record<UserStatus, string> = {
  active: 'AbpIdentity::Active',
  inactive: 'AbpIdentity::Inactive',
  lockedOut: 'AbpIdentity::LockedOut',
};

/** The users list's status filter: any status, active, inactive or locked out now. */
export function StatusFilter({
  status,
  onChange,
}: {
  status: UserStatus | '';
  onChange: (status: UserStatus | '') => void;
}) {
  const t = useLocalization();
  return (
    <ListFilter
      label={t('Vineta::Status')}
      value={status}
      onChange={(value) => onChange(isUserStatus(value) ? value : '')}
    >
      <option value="">{t('Vineta::AnyStatus')}</option>
      {Object.entries(statusTexts).map(([value, text]) => (
        <option key={value} value={value}>
          {t(text)}
        </option>
      ))}
    </ListFilter>
  );
}
