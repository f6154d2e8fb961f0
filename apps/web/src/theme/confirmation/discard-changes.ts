import { confirmation } from './confirmation';

/**
 * The unsaved-changes question (SPEC.md section 4's 'AreYouSureYouWantToCancelEditingWarningMessage'),
 * asked by a dirty modal on Escape or Cancel and by a dirty page form on leaving: true when the
 * user lets the changes go.
 */
export async function askToDiscardChanges(): Promise<boolean> {
  const status = await confirmation.warn(
    {
      key: 'AbpAccount::AreYouSureYouWantToCancelEditingWarningMessage',
      defaultValue: 'You have unsaved changes.',
    },
    { key: 'AbpAccount::AreYouSure', defaultValue: 'Are you sure?' },
  );
  return status === 'confirm';
}
