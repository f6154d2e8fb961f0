import { type RefObject, useEffect } from 'react';
import { firstField } from '#src/theme/modal/focusable';

/**
 * An account form starts with its first field focused, as the sign-in form does: the page has one
 * thing to do, and without it the first Tab went to the logo.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    firstField(form.current)?.focus();
  }, [form]);
}
