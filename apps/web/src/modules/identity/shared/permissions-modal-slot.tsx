import { type ComponentType, Suspense } from 'react';
import { useReplaceableComponent } from '#src/core/routing/replaceable-components';

/**
 * The permission-management module's modal, reached through the replaceable-component registry
 * (the app registers it under this key), since a module never imports another module.
 */
export const permissionManagementComponentKey =
  'PermissionManagement.PermissionManagementComponent';

export interface PermissionsModalProps {
  providerName: 'R' | 'U';
  providerKey: string;
  /** The role's or user's name for the title. */
  displayName: string;
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

const Missing: ComponentType<PermissionsModalProps> = () => null;

export function PermissionsModalSlot(props: PermissionsModalProps) {
  const Component = useReplaceableComponent(permissionManagementComponentKey, Missing);
  if (!props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
