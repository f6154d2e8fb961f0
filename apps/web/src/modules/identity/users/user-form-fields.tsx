import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLocalization } from '#src/core/localization/i18n';
import { PasswordField } from '#src/theme/form/password-field';
import { TextField } from '#src/theme/form/text-field';
import type { UserFormValues } from './user-form-schema';
import './user-form.css';

interface TabProps {
  id: string;
  form: UseFormReturn<UserFormValues>;
}

/** The User information tab: names, password (with the rules), contact and the two flags. */
export function UserInformationFields({
  id,
  form,
  editing,
  ownAccount,
}: TabProps & {
  /** An existing user: an empty password keeps the current one. */
  editing: boolean;
  /** Editing oneself: the server refuses deactivating oneself or changing one's own lockout. */
  ownAccount: boolean;
}) {
  const t = useLocalization();
  const check = (name: 'isActive' | 'lockoutEnabled', label: string, disabled = false) => (
    <div className="form-check mb-2">
      <input
        className="form-check-input"
        type="checkbox"
        id={`${id}-${name}`}
        disabled={disabled}
        {...form.register(name)}
      />
      <label className="form-check-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
    </div>
  );
  return (
    <>
      <TextField
        control={form.control}
        name="userName"
        label={t('AbpIdentity::DisplayName:UserName')}
        autoComplete="off"
        maxLength={256}
      />
      <div className="row">
        <div className="col-sm-6">
          <TextField
            control={form.control}
            name="name"
            label={t('AbpIdentity::DisplayName:Name')}
            maxLength={64}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            control={form.control}
            name="surname"
            label={t('AbpIdentity::DisplayName:Surname')}
            maxLength={64}
          />
        </div>
      </div>
      <PasswordField
        control={form.control}
        name="password"
        label={t('AbpIdentity::DisplayName:Password')}
        {...(editing ? { hint: t('AbpIdentity::PasswordLeaveEmptyToKeep') } : {})}
      />
      <TextField
        control={form.control}
        name="email"
        type="email"
        label={t('AbpIdentity::DisplayName:Email')}
        autoComplete="off"
        maxLength={256}
      />
      <TextField
        control={form.control}
        name="phoneNumber"
        type="tel"
        label={t('AbpIdentity::DisplayName:PhoneNumber')}
        maxLength={16}
      />
      {check('isActive', t('AbpIdentity::DisplayName:IsActive'), ownAccount)}
      {check('lockoutEnabled', t('AbpIdentity::DisplayName:LockoutEnabled'), ownAccount)}
    </>
  );
}

/**
 * Whether the signed-in user may give the role: the server says so in the assignable roles'
 * `extraProperties.CallerMayAssign` (decision 022); a server that does not (ABP's) lets every
 * role be ticked, and refuses on Save what it refuses.
 */
export const callerMayAssign = (role: IdentityRoleDto) =>
  role.extraProperties?.CallerMayAssign !== false;

/**
 * The Roles tab: one checkbox per assignable role, those the user has (or, for a new user, the
 * default roles) first, so that none is ticked out of sight below thirty others. The order is
 * taken once: a box ticked now stays where it is. The list scrolls within the dialog, keeping
 * Save in view, and a long name wraps.
 */
export function UserRolesFields({ id, form, roles }: TabProps & { roles: IdentityRoleDto[] }) {
  const t = useLocalization();
  const [initial] = useState(() => new Set(form.getValues('roleNames')));
  const ordered = useMemo(
    () => [...roles].sort((a, b) => Number(initial.has(b.name)) - Number(initial.has(a.name))),
    [roles, initial],
  );
  const hintId = `${id}-roles-not-assignable`;
  const someNotAssignable = roles.some((role) => !callerMayAssign(role));
  return (
    <div className="app-role-choices">
      {someNotAssignable && (
        <p className="small text-muted" id={hintId}>
          {t('AbpIdentity::RolesNotAssignableHint')}
        </p>
      )}
      {ordered.map((role) => (
        <div className="form-check mb-2" key={role.id}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`${id}-role-${role.id}`}
            value={role.name}
            disabled={!callerMayAssign(role)}
            aria-describedby={callerMayAssign(role) ? undefined : hintId}
            {...form.register('roleNames')}
          />
          <label className="form-check-label text-break" htmlFor={`${id}-role-${role.id}`}>
            {role.name}
          </label>
        </div>
      ))}
    </div>
  );
}
