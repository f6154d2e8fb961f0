import {
  IdentityRoleCreateDto,
  type IdentityRoleDto,
} from '@vineta/contracts/identity/identity-role';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useLocalization } from '#src/core/localization/i18n';
import { useCloseOnLoadError } from '#src/core/query/use-close-on-load-error';
import { saveWithFeedback } from '#src/theme/form/save-with-feedback';
import { TextField } from '#src/theme/form/text-field';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { FormModal } from '#src/theme/modal/form-modal';
import { Modal } from '#src/theme/modal/modal';
import { useRole } from '../api/get-role';
import { rolesQueryKey } from '../api/get-roles';
import { useSaveRole } from '../api/save-role';

const RoleForm = IdentityRoleCreateDto.pick({ name: true }).extend({
  isDefault: z.boolean(),
  isPublic: z.boolean(),
});
type RoleForm = z.infer<typeof RoleForm>;

export interface RoleFormModalProps {
  /** The role to edit; absent for a new role. */
  roleId?: string | undefined;
  onClose: () => void;
}

/** New role / Edit: name (read-only for a static role), Default, Public. */
export function RoleFormModal({ roleId, onClose }: RoleFormModalProps) {
  const t = useLocalization();
  const { data: role, isError } = useRole(roleId);
  const title = roleId ? t('AbpIdentity::Edit') : t('AbpIdentity::NewRole');
  useCloseOnLoadError(isError, onClose, rolesQueryKey);
  if (isError) return null;
  if (roleId && !role) {
    return (
      <Modal visible onVisibleChange={onClose} title={title} busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  return <RoleFormBody role={role} title={title} onClose={onClose} />;
}

function RoleFormBody({
  role,
  title,
  onClose,
}: {
  role: IdentityRoleDto | undefined;
  title: string;
  onClose: () => void;
}) {
  const t = useLocalization();
  const formId = useId();
  const save = useSaveRole();
  const form = useForm<RoleForm>({
    resolver: zodFormResolver(RoleForm),
    mode: 'onChange',
    defaultValues: {
      name: role?.name ?? '',
      isDefault: role?.isDefault ?? false,
      isPublic: role?.isPublic ?? false,
    },
  });
  const { isDirty, isValid } = form.formState;

  const submit = form.handleSubmit((values) =>
    saveWithFeedback(
      () =>
        save.mutateAsync(
          role
            ? {
                id: role.id,
                currentName: role.name,
                body: {
                  ...values,
                  concurrencyStamp: role.concurrencyStamp,
                  extraProperties: role.extraProperties,
                },
              }
            : { body: values },
        ),
      {
        setError: form.setError,
        fields: ['name'],
        codeFields: { 'Volo.Abp.Identity:DuplicateRoleName': 'name' },
        onSaved: onClose,
        onGone: onClose,
      },
    ),
  );

  return (
    <FormModal
      title={title}
      subject={role?.name}
      formId={formId}
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      dirty={isDirty}
      valid={isValid}
      saveLabel={t('AbpIdentity::Save')}
    >
      {/* A disabled fieldset disables the name of a static role (it cannot be renamed). */}
      <fieldset disabled={role?.isStatic}>
        <TextField
          control={form.control}
          name="name"
          label={t('AbpIdentity::DisplayName:RoleName')}
          autoComplete="off"
          maxLength={256}
        />
      </fieldset>
      <div className="form-check mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          id={`${formId}-default`}
          {...form.register('isDefault')}
        />
        <label className="form-check-label" htmlFor={`${formId}-default`}>
          {t('AbpIdentity::DisplayName:IsDefault')}
        </label>
      </div>
      <div className="form-check">
        <input
          className="form-check-input"
          type="checkbox"
          id={`${formId}-public`}
          {...form.register('isPublic')}
        />
        <label className="form-check-label" htmlFor={`${formId}-public`}>
          {t('AbpIdentity::DisplayName:IsPublic')}
        </label>
      </div>
    </FormModal>
  );
}
