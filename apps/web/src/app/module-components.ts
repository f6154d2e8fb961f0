import { lazy } from 'react';
import { replaceComponent } from '#src/core/routing/replaceable-components';

/**
 * Components one module shows from another go through the replaceable-component registry (a
 * module never imports another module): the identity screens open the permission modal by key.
 */
export function registerModuleComponents(): void {
  replaceComponent(
    'PermissionManagement.PermissionManagementComponent',
    lazy(() =>
      import('#src/modules/permission-management/permission-management-modal').then((module) => ({
        default: module.PermissionManagementModal,
      })),
    ),
  );
}
