import { useEffect } from 'react';
import { askToDiscardChanges } from '../confirmation/discard-changes';
import { AskBeforeLeaving } from '../modal/ask-before-leaving';

/**
 * A page form's unsaved edits (My account, the e-mail settings): leaving the page through the
 * menu, a link or Back asks first, as a dirty modal does, and closing or reloading the tab makes
 * the browser ask. They used to go without a word.
 */
export function GuardUnsavedChanges({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return <AskBeforeLeaving when={dirty} ask={askToDiscardChanges} />;
}
