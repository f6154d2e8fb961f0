import type { GetFeatureListResultDto } from '@vineta/contracts/feature-management/features';
import { type FormEvent, useCallback, useId, useMemo, useState } from 'react';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { useCloseOnLoadError } from '#src/core/query/use-close-on-load-error';
import { confirmation } from '#src/theme/confirmation/confirmation';
import { BusyButton } from '#src/theme/form/busy-button';
import { savedSuccessfully } from '#src/theme/form/save-with-feedback';
import { Modal, ModalCloseButton } from '#src/theme/modal/modal';
import { GroupedTabPanel } from '#src/theme/tabs/grouped-tab-panel';
import { toaster } from '#src/theme/toast/toaster';
import { type FeatureProvider, useFeatures } from './api/get-features';
import { useResetFeatures } from './api/reset-features';
import { useUpdateFeatures } from './api/update-features';
import { FeatureField } from './feature-field';
import {
  allFeatures,
  changedFeatures,
  type FeatureValues,
  inheritedProvider,
  initialValues,
  isDisabledByParent,
  setFeatureValue,
  validationErrors,
} from './feature-values';

/** Key under which the app registers this modal (ABP's replaceable-component key). */
export const featureManagementComponentKey = 'FeatureManagement.FeatureManagementComponent';

export interface FeatureManagementModalProps {
  providerName: 'T';
  /** The tenant's id; absent for the host's own features. */
  providerKey?: string;
  /** The tenant's name for the title. */
  displayName?: string;
  visible: boolean;
  onVisibleChange(visible: boolean): void;
}

/**
 * Whether saving changes what the signed-in session sees in `features.values`: the edited tenant
 * is the current one, or the host's own features are edited on the host.
 */
function affectsCurrentSession(providerKey: string | undefined): boolean {
  const configuration = appConfigurationStore.get();
  if (!configuration) return false;
  return (configuration.currentTenant.id ?? undefined) === (providerKey || undefined);
}

function showRemoteError(error: unknown) {
  const remote = error instanceof RestError ? error.remoteError : undefined;
  toaster.error(remote?.message ?? 'AbpUi::DefaultErrorMessage');
}

/** ABP's feature-management modal for a tenant (`T` + id) or for the host (`T` alone). */
export function FeatureManagementModal(props: FeatureManagementModalProps) {
  const t = useLocalization();
  // Bumped after a reset: the form starts again from the reloaded values. A mere refetch keeps
  // what the user typed.
  const [generation, setGeneration] = useState(0);
  const { data, isError } = useFeatures(
    { providerName: props.providerName, providerKey: props.providerKey },
    { enabled: props.visible },
  );
  const { onVisibleChange } = props;
  const close = useCallback(() => onVisibleChange(false), [onVisibleChange]);
  useCloseOnLoadError(isError, close);
  // The title names the tenant, never its id; without a name it says just "Features".
  const title = !props.providerKey
    ? t('AbpFeatureManagement::HostFeatures')
    : props.displayName
      ? t('AbpFeatureManagement::FeaturesFor', props.displayName)
      : t('AbpFeatureManagement::Features');
  if (!props.visible || isError) return null;
  if (!data) {
    return (
      <Modal visible onVisibleChange={props.onVisibleChange} title={title} size="lg" busy>
        <div className="text-center text-muted">{t('AbpUi::LoadingWithThreeDot')}</div>
      </Modal>
    );
  }
  return (
    <FeatureForm
      key={generation}
      {...props}
      title={title}
      data={data}
      onReloaded={() => setGeneration((current) => current + 1)}
    />
  );
}

function FeatureForm({
  providerName,
  providerKey,
  onVisibleChange,
  title,
  data,
  onReloaded,
}: FeatureManagementModalProps & {
  title: string;
  data: GetFeatureListResultDto;
  /** Called once the values were reset and reloaded. */
  onReloaded: () => void;
}) {
  const t = useLocalization();
  const id = useId();
  const update = useUpdateFeatures();
  const reset = useResetFeatures();
  const provider: FeatureProvider = { providerName, providerKey };
  const features = useMemo(() => allFeatures(data.groups), [data]);
  const original = useMemo(() => initialValues(features), [features]);
  const [values, setValues] = useState<FeatureValues>(original);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [active, setActive] = useState(data.groups[0]?.name ?? '');
  const group = data.groups.find((item) => item.name === active) ?? data.groups[0];
  const pending = changedFeatures(original, values);
  const errors = validationErrors(values, features);
  const busy = update.isPending || reset.isPending;
  const edited = { providerName, providerKey: providerKey || null };

  const change = (name: string, value: string) => {
    setValues((current) => setFeatureValue(current, features, name, value));
    setTouched((current) => new Set(current).add(name));
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const invalid = data.groups.find((item) => item.features.some((f) => errors[f.name]));
    if (invalid) {
      setActive(invalid.name);
      return;
    }
    if (pending.length === 0) {
      onVisibleChange(false);
      return;
    }
    try {
      await update.mutateAsync({ provider, body: { features: pending } });
      if (affectsCurrentSession(providerKey)) await refreshAppConfiguration();
      toaster.success(savedSuccessfully);
      onVisibleChange(false);
    } catch (error) {
      showRemoteError(error);
    }
  };

  const resetToDefault = async () => {
    const answer = await confirmation.warn(
      'AbpFeatureManagement::ResetToDefaultConfirmation',
      'AbpUi::AreYouSure',
    );
    if (answer !== 'confirm') return;
    try {
      // Resolves once the list was reloaded (the mutation awaits its invalidation).
      await reset.mutateAsync(provider);
      if (affectsCurrentSession(providerKey)) await refreshAppConfiguration();
      toaster.success('AbpFeatureManagement::ResetedToDefault');
      onReloaded();
    } catch (error) {
      showRemoteError(error);
    }
  };

  const hasFeatures = data.groups.length > 0;
  return (
    <Modal
      visible
      onVisibleChange={onVisibleChange}
      title={title}
      size="lg"
      busy={busy}
      dirty={pending.length > 0}
      keyboard
      footer={
        <>
          {hasFeatures && (
            <BusyButton
              type="button"
              className="btn btn-outline-danger me-auto"
              busy={reset.isPending}
              disabled={update.isPending}
              onClick={() => void resetToDefault()}
            >
              {t('AbpFeatureManagement::ResetToDefault')}
            </BusyButton>
          )}
          {/* Cancel and Save stay together, on their own line under Reset on narrow screens. */}
          <div className="d-flex gap-2 ms-auto">
            <ModalCloseButton disabled={busy} />
            {hasFeatures && (
              <BusyButton form={`${id}-form`} busy={update.isPending} disabled={reset.isPending}>
                {t('AbpUi::Save')}
              </BusyButton>
            )}
          </div>
        </>
      }
    >
      {!hasFeatures ? (
        <p className="mb-0">{t('AbpFeatureManagement::NoFeatureFoundMessage')}</p>
      ) : (
        <form id={`${id}-form`} noValidate onSubmit={(event) => void save(event)}>
          {/* Enter in a field saves, as in ABP's modal: the footer's Save submits this form. */}
          <GroupedTabPanel
            idPrefix={id}
            tabs={data.groups.map((item) => ({ key: item.name, label: item.displayName }))}
            selected={group?.name}
            onSelect={setActive}
            heading={group?.displayName}
          >
            <hr className="my-2" />
            {group?.features.map((feature) => {
              const value = values[feature.name] ?? '';
              const unchanged = value === original[feature.name];
              const showError = submitted || touched.has(feature.name);
              return (
                <FeatureField
                  key={feature.name}
                  idPrefix={id}
                  feature={feature}
                  value={value}
                  disabled={busy || isDisabledByParent(values, features, feature)}
                  error={showError ? (errors[feature.name] ?? null) : null}
                  inheritedFrom={unchanged ? inheritedProvider(feature, edited) : null}
                  onChange={(next) => change(feature.name, next)}
                />
              );
            })}
          </GroupedTabPanel>
        </form>
      )}
    </Modal>
  );
}
