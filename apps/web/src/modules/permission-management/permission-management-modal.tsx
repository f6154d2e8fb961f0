import type {
  GetPermissionListResultDto,
  PermissionGrantInfoDto,
} from '@vineta/contracts/permission-management/permissions';
import { Fragment, type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { useCloseOnLoadError } from '#src/core/query/use-close-on-load-error';
import { useStore } from '#src/core/store';
import { BusyButton } from '#src/theme/form/busy-button';
import { savedSuccessfully } from '#src/theme/form/save-with-feedback';
import { Modal, ModalCloseButton } from '#src/theme/modal/modal';
import { GroupedTabPanel } from '#src/theme/tabs/grouped-tab-panel';
import { toaster } from '#src/theme/toast/toaster';
import { usePermissions } from './api/get-permissions';
import { useUpdatePermissions } from './api/update-permissions';
import {
  changes,
  fixedFor,
  type GrantState,
  type HeldPermissions,
  initialState,
  isLockedByOtherProvider,
  isShownGranted,
  permissionsBeyondEditor,
  rootsOf,
  selection,
  setAll,
  toggle,
} from './permission-tree';
import { TriStateCheckbox } from './tri-state-checkbox';

/** Key under which the app registers this modal (ABP's replaceable-component key). */
export const permissionManagementComponentKey =
  'PermissionManagement.PermissionManagementComponent';

export interface PermissionManagementModalProps {
  providerName: string;
  providerKey: string;
  /** The role's or user's name for the title (the server's entityDisplayName otherwise). */
  displayName?: string;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/** Whether saving these grants changes what the signed-in user may do. */
function affectsCurrentUser(providerName: string, providerKey: string): boolean {
  const user = appConfigurationStore.get()?.currentUser;
  if (!user) return false;
  if (providerName === 'U') return user.id === providerKey;
  if (providerName === 'R') return (user.roles ?? []).includes(providerKey);
  return false;
}

/** "Granted by the editor role" rather than ABP's "Granted by R: editor". */
function grantedBy(
  t: ReturnType<typeof useLocalization>,
  grant: { providerName: string; providerKey: string },
): string {
  if (grant.providerName === 'R')
    return t('AbpPermissionManagement::GrantedByRole', grant.providerKey);
  if (grant.providerName === 'C')
    return t('AbpPermissionManagement::GrantedByClient', grant.providerKey);
  return t('AbpPermissionManagement::GrantedBy', `${grant.providerName}: ${grant.providerKey}`);
}

const nothingHeld: HeldPermissions = {};
const everythingFixed = () => true;

/** ABP's permission-management modal, for roles (R) and users (U). */
export function PermissionManagementModal(props: PermissionManagementModalProps) {
  const t = useLocalization();
  const { data, isError } = usePermissions({
    providerName: props.providerName,
    providerKey: props.providerKey,
  });
  const name = props.displayName || data?.entityDisplayName || '';
  const title = t('AbpPermissionManagement::PermissionsFor', name);
  const { onVisibleChange } = props;
  const close = useCallback(() => onVisibleChange(false), [onVisibleChange]);
  useCloseOnLoadError(isError, close);
  if (!props.visible || isError) return null;
  if (!data) {
    return (
      <Modal visible onVisibleChange={props.onVisibleChange} title={title} size="lg" busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  return <PermissionForm {...props} title={title} data={data} />;
}

function PermissionForm({
  providerName,
  providerKey,
  onVisibleChange,
  title,
  data,
}: PermissionManagementModalProps & { title: string; data: GetPermissionListResultDto }) {
  const t = useLocalization();
  const id = useId();
  const update = useUpdatePermissions();
  const original = useMemo(() => initialState(data.groups), [data]);
  const all = useMemo(() => data.groups.flatMap((group) => group.permissions), [data]);
  const [state, setState] = useState<GrantState>(original);
  const [active, setActive] = useState(data.groups[0]?.name ?? '');
  const group = data.groups.find((item) => item.name === active) ?? data.groups[0];
  const held =
    useStore(appConfigurationStore, (configuration) => configuration?.auth.grantedPolicies) ??
    nothingHeld;
  // Decision 022: what the editor does not hold, it cannot grant; a role or user holding more
  // than the editor cannot be changed at all. The server refuses both; the boxes say so first.
  const readOnly = useMemo(() => permissionsBeyondEditor(all, held).length > 0, [all, held]);
  const isFixed = useMemo(
    () => (readOnly ? everythingFixed : fixedFor(providerName, held)),
    [readOnly, providerName, held],
  );
  const isNotHeld = (permission: PermissionGrantInfoDto) =>
    !readOnly && !held[permission.name] && !isLockedByOtherProvider(permission, providerName);
  const someNotHeld = all.some(isNotHeld);
  const pending = changes(original, state, all, providerName);
  const allSelection = selection(state, all, providerName, isFixed);
  const groupSelection = group
    ? selection(state, group.permissions, providerName, isFixed)
    : 'none';

  const save = async () => {
    if (pending.length === 0) {
      onVisibleChange(false);
      return;
    }
    try {
      await update.mutateAsync({
        provider: { providerName, providerKey },
        body: { permissions: pending },
      });
      if (affectsCurrentUser(providerName, providerKey)) await refreshAppConfiguration();
      toaster.success(savedSuccessfully);
      onVisibleChange(false);
    } catch (error) {
      const remote = error instanceof RestError ? error.remoteError : undefined;
      toaster.error(remote?.message ?? 'AbpUi::DefaultErrorMessage');
    }
  };

  const badge = (permission: PermissionGrantInfoDto, badgeId: string) =>
    permission.grantedProviders
      .filter((grant) => grant.providerName !== providerName)
      .map((grant, index) => (
        <span
          key={`${grant.providerName}:${grant.providerKey}`}
          id={`${badgeId}-${index}`}
          className="app-source-pill"
        >
          {grantedBy(t, grant)}
        </span>
      ));

  /**
   * A permission and, in a group named after it, its children: a screen reader says "Create,
   * Role management group" where a flat list read two "Create" boxes alike. A grant that comes
   * from another provider describes its box.
   */
  const renderPermission = (permission: PermissionGrantInfoDto, depth: number): ReactNode => {
    const inputId = `${id}-${permission.name}`;
    const sources = permission.grantedProviders.filter(
      (grant) => grant.providerName !== providerName,
    );
    const descriptions = sources.map((_, index) => `${inputId}-source-${index}`);
    if (isNotHeld(permission)) descriptions.push(`${id}-not-held`);
    const children = group?.permissions.filter((item) => item.parentName === permission.name);
    return (
      <Fragment key={permission.name}>
        <div className="form-check mb-1" style={{ marginInlineStart: depth * 20 }}>
          <input
            id={inputId}
            type="checkbox"
            className="form-check-input"
            checked={isShownGranted(state, permission, providerName)}
            disabled={isFixed(permission)}
            aria-describedby={descriptions.join(' ') || undefined}
            onChange={(event) =>
              setState(toggle(state, all, permission.name, event.target.checked, isFixed))
            }
          />
          <label className="form-check-label" htmlFor={inputId} id={`${inputId}-label`}>
            {permission.displayName}
          </label>
          {badge(permission, `${inputId}-source`)}
        </div>
        {children && children.length > 0 && (
          <fieldset aria-labelledby={`${inputId}-label`}>
            {children.map((child) => renderPermission(child, depth + 1))}
          </fieldset>
        )}
      </Fragment>
    );
  };

  return (
    <Modal
      visible
      onVisibleChange={onVisibleChange}
      title={title}
      size="lg"
      busy={update.isPending}
      dirty={pending.length > 0}
      keyboard
      footer={
        <>
          <ModalCloseButton disabled={update.isPending}>
            {readOnly ? t('AbpUi::Close') : undefined}
          </ModalCloseButton>
          {!readOnly && (
            <BusyButton type="button" busy={update.isPending} onClick={() => void save()}>
              {t('AbpUi::Save')}
            </BusyButton>
          )}
        </>
      }
    >
      {readOnly && (
        <div className="alert alert-warning" role="status">
          {providerName === 'R'
            ? t('AbpIdentity::Volo.Abp.Identity:MorePrivilegedRole', providerKey)
            : t('AbpIdentity::Volo.Abp.Identity:MorePrivilegedUser')}
        </div>
      )}
      <div className="form-check mb-3">
        <TriStateCheckbox
          id={`${id}-all`}
          checked={allSelection === 'all'}
          indeterminate={allSelection === 'some'}
          disabled={all.every(isFixed)}
          onChange={(event) => setState(setAll(state, all, event.target.checked, isFixed))}
        />
        <label className="form-check-label fw-semibold" htmlFor={`${id}-all`}>
          {t('AbpPermissionManagement::SelectAllInAllTabs')}
        </label>
      </div>
      {someNotHeld && (
        <p className="small text-muted mb-0" id={`${id}-not-held`}>
          {t('AbpPermissionManagement::NotHeldHint')}
        </p>
      )}
      <hr />
      <GroupedTabPanel
        idPrefix={id}
        tabs={data.groups.map((item) => {
          const count = item.permissions.filter((permission) =>
            isShownGranted(state, permission, providerName),
          ).length;
          return {
            key: item.name,
            label: `${item.displayName} (${count})`,
            className: count > 0 ? 'fw-bold' : '',
          };
        })}
        selected={group?.name}
        onSelect={setActive}
        heading={group?.displayName}
      >
        {group && (
          <>
            <div className="form-check mb-2">
              <TriStateCheckbox
                id={`${id}-group`}
                checked={groupSelection === 'all'}
                indeterminate={groupSelection === 'some'}
                disabled={group.permissions.every(isFixed)}
                onChange={(event) =>
                  setState(setAll(state, group.permissions, event.target.checked, isFixed))
                }
              />
              <label className="form-check-label" htmlFor={`${id}-group`}>
                {t('AbpPermissionManagement::SelectAllInThisTab')}
              </label>
            </div>
            <hr className="my-2" />
            {rootsOf(group.permissions).map((permission) => renderPermission(permission, 0))}
          </>
        )}
      </GroupedTabPanel>
    </Modal>
  );
}
