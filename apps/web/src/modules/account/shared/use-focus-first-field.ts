import { type RefObject, useLayoutEffect } from 'react';
import { firstField } from '#src/theme/modal/focusable';

/**
 * An account form starts with its first field focused, as the sign-in form does: the page has one
 * thing to do, and without it the first Tab went to the logo. Focused at commit: the page comes
 * after a reply (its code, the configuration), and what was typed as soon as it showed went to
 * the page's body until passive effects ran.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>): void {
  useLayoutEffect(() => {
    firstField(form.current)?.focus();
  }, [form]);
}
