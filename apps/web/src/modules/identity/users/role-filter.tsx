import { useEffect, useState } from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { ListFilter } from '#src/theme/data-table/list-filter';
import { useAssignableRoles } from '../api/get-assignable-roles';

/**
 * The users list's role filter: everyone, or the members of one role. A role that is not (or no
 * longer) among the tenant's roles, from an old link say, is let go once the roles are known.
 * Roles that could not be fetched leave everyone listed, and the filter says so, with Try again.
 */
export function RoleFilter({
  roleId,
  onChange,
}: {
  roleId: string;
  onChange: (roleId: string) => void;
}) {
  const t = useLocalization();
  const roles = useAssignableRoles();
  const items = roles.data?.items;
  // Asked again after a failure: the query is back to pending meanwhile, and Try again (with the
  // focus on it) stays until the roles come or fail again.
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!roles.isFetching) setRetrying(false);
  }, [roles.isFetching]);
  const known = Boolean(items?.some((role) => role.id === roleId));
  const unknown = Boolean(roleId && items && !known);

  useEffect(() => {
    if (unknown) onChange('');
  }, [unknown, onChange]);

  return (
    <ListFilter
      label={t('Vineta::Role')}
      // Never a value that no option has (see ListFilter).
      value={known ? roleId : ''}
      disabled={!items}
      notLoaded={
        !items && (roles.isError || retrying)
          ? {
              message: t('Vineta::RolesNotLoaded'),
              onRetry: () => {
                setRetrying(true);
                void roles.refetch();
              },
            }
          : undefined
      }
      onChange={onChange}
    >
      <option value="">{t('Vineta::AllRoles')}</option>
      {items?.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </ListFilter>
  );
}
