import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { IdentitySettingNames } from '@vineta/contracts/identity/identity-settings';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCurrentUser, useSetting } from '#src/core/app-configuration/app-configuration-store';
import { usePasswordRules } from '#src/core/app-configuration/use-password-rules';
import { useLocalization } from '#src/core/localization/i18n';
import { useCloseOnLoadError } from '#src/core/query/use-close-on-load-error';
import { BusyButton } from '#src/theme/form/busy-button';
import { saveWithFeedback } from '#src/theme/form/save-with-feedback';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { Modal, ModalCloseButton } from '#src/theme/modal/modal';
import { TabList } from '#src/theme/tabs/tab-list';
import { useAssignableRoles } from '../api/get-assignable-roles';
import { useUser } from '../api/get-user';
import { useUserRoles } from '../api/get-user-roles';
import { usersQueryKey } from '../api/get-users';
import { useSaveUser } from '../api/save-user';
import { callerMayAssign, UserInformationFields, UserRolesFields } from './user-form-fields';
import {
  type UserFormValues,
  userFormCodeFields,
  userFormDefaults,
  userFormFields,
  userFormSchema,
} from './user-form-schema';

export interface UserFormModalProps {
  /** The user to edit; absent for a new user. */
  userId?: string | undefined;
  onClose: () => void;
}

/** New user / Edit with the User information and Roles tabs. */
export function UserFormModal({ userId, onClose }: UserFormModalProps) {
  const t = useLocalization();
  const user = useUser(userId);
  const userRoles = useUserRoles(userId);
  const assignable = useAssignableRoles();
  const title = userId ? t('AbpIdentity::Edit') : t('AbpIdentity::NewUser');
  const failed = user.isError || userRoles.isError || assignable.isError;
  useCloseOnLoadError(failed, onClose, usersQueryKey);
  if (failed) return null;
  const loaded = assignable.data && (!userId || (user.data && userRoles.data));
  if (!loaded) {
    return (
      <Modal visible onVisibleChange={onClose} title={title} size="lg" busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  const roles = assignable.data?.items ?? [];
  // A new user gets the default roles the signed-in user may give (decision 022).
  const checked = userId
    ? (userRoles.data?.items ?? []).map((role) => role.name)
    : roles.filter((role) => role.isDefault && callerMayAssign(role)).map((role) => role.name);
  return (
    <UserFormBody
      user={user.data}
      roles={roles}
      checked={checked}
      title={title}
      onClose={onClose}
    />
  );
}

type Tab = 'info' | 'roles';

function UserFormBody({
  user,
  roles,
  checked,
  title,
  onClose,
}: {
  user: IdentityUserDto | undefined;
  roles: IdentityRoleDto[];
  checked: string[];
  title: string;
  onClose: () => void;
}) {
  const t = useLocalization();
  const id = useId();
  const [tab, setTab] = useState<Tab>('info');
  const rules = usePasswordRules();
  const lockoutForNew =
    useSetting(IdentitySettingNames.Lockout.AllowedForNewUsers)?.toLowerCase() !== 'false';
  const currentUserId = useCurrentUser()?.id;
  const save = useSaveUser();
  const schema = useMemo(() => userFormSchema(rules, Boolean(user)), [rules, user]);
  const form = useForm<UserFormValues>({
    resolver: zodFormResolver(schema),
    mode: 'onChange',
    defaultValues: userFormDefaults(user, checked, lockoutForNew),
  });
  const { isDirty, isValid } = form.formState;
  // A role of the user that the signed-in user may not give holds a permission they lack: the
  // server refuses any change to the user (decision 022), so the dialog says so and only shows it.
  const readOnly =
    Boolean(user) && roles.some((role) => checked.includes(role.name) && !callerMayAssign(role));
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);

  const submit = form.handleSubmit(
    async (values) => {
      const body = {
        ...values,
        name: values.name || null,
        surname: values.surname || null,
        phoneNumber: values.phoneNumber || null,
      };
      await saveWithFeedback(
        () =>
          save.mutateAsync(
            user
              ? {
                  id: user.id,
                  body: {
                    ...body,
                    password: values.password || null,
                    concurrencyStamp: user.concurrencyStamp,
                    extraProperties: user.extraProperties,
                  },
                }
              : { body: { ...body, password: values.password } },
          ),
        {
          setError: form.setError,
          fields: userFormFields,
          codeFields: userFormCodeFields,
          onSaved: onClose,
          onGone: onClose,
        },
      );
    },
    () => setTab('info'),
  );

  return (
    <Modal
      visible
      onVisibleChange={onClose}
      title={title}
      subject={user?.userName}
      size="lg"
      busy={save.isPending}
      dirty={isDirty}
      keyboard
      footer={
        <>
          <ModalCloseButton disabled={save.isPending}>
            {readOnly ? t('AbpUi::Close') : undefined}
          </ModalCloseButton>
          {!readOnly && (
            <BusyButton form={`${id}-form`} busy={save.isPending} disabled={!isValid}>
              {t('AbpIdentity::Save')}
            </BusyButton>
          )}
        </>
      }
    >
      {readOnly && (
        <div className="alert alert-warning" role="status">
          {t('AbpIdentity::Volo.Abp.Identity:MorePrivilegedUser')}
        </div>
      )}
      <TabList
        orientation="horizontal"
        className="nav nav-tabs mb-3"
        tabs={[
          { key: 'info', label: t('AbpIdentity::UserInformations') },
          { key: 'roles', label: t('AbpIdentity::Roles') },
        ]}
        selected={tab}
        onSelect={(key) => setTab(key as Tab)}
        tabId={(key) => `${id}-tab-${key}`}
        panelId={(key) => `${id}-panel-${key}`}
      />
      <form
        id={`${id}-form`}
        ref={formRef}
        className="app-user-form-panels"
        noValidate
        // Enter submits even while Save is busy: the running save is not sent twice.
        onSubmit={(event) => (save.isPending || readOnly ? event.preventDefault() : submit(event))}
      >
        <div
          role="tabpanel"
          id={`${id}-panel-info`}
          aria-labelledby={`${id}-tab-info`}
          className={tab === 'info' ? undefined : 'app-tabpanel-inactive'}
        >
          <UserInformationFields
            id={id}
            form={form}
            editing={Boolean(user)}
            ownAccount={Boolean(user) && user?.id === currentUserId}
          />
        </div>
        <div
          role="tabpanel"
          id={`${id}-panel-roles`}
          aria-labelledby={`${id}-tab-roles`}
          className={tab === 'roles' ? undefined : 'app-tabpanel-inactive'}
        >
          <UserRolesFields id={id} form={form} roles={roles} />
        </div>
      </form>
    </Modal>
  );
}
