import { type ComponentType, Suspense } from 'react';
import { useReplaceableComponent } from '#src/core/routing/replaceable-components';

/**
 * The feature-management module's modal, reached through the replaceable-component registry
 * (that module registers it under this key), since a module never imports another module.
 */
export const featureManagementComponentKey = 'FeatureManagement.FeatureManagementComponent';

export interface FeaturesModalProps {
  providerName: 'T';
  /** The tenant's id. */
  providerKey: string;
  /** The tenant's name for the title. */
  displayName: string;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

const Missing: ComponentType<FeaturesModalProps> = () => null;

export function FeaturesModalSlot(props: FeaturesModalProps) {
  const Component = useReplaceableComponent(featureManagementComponentKey, Missing);
  if (!props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

/** Whether any module registered the feature modal (the action is hidden otherwise). */
export function useHasFeaturesModal(): boolean {
  return useReplaceableComponent(featureManagementComponentKey, Missing) !== Missing;
}
