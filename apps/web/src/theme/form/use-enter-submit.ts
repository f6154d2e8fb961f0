import { type RefObject, useEffect } from 'react';

/** SPEC.md section 9: Enter (outside a textarea) submits after a 200 ms debounce. */
export const enterSubmitDebounceMs = 200;

/**
 * ABP's form-submit directive: the browser's immediate Enter submit is held back and the form is
 * submitted once the key has been quiet for 200 ms (so a held key submits once). It submits even
 * while the Save button is disabled for an invalid form, so that Enter shows what is missing
 * instead of doing nothing.
 */
export function useEnterSubmit(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A textarea takes Enter as a new line, and a plain button (Show password, a tab) as a press.
    const keepsEnter = (target: EventTarget | null) =>
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLButtonElement && target.type !== 'submit');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && !keepsEnter(event.target)) event.preventDefault();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || keepsEnter(event.target)) return;
      clearTimeout(timer);
      timer = setTimeout(() => element.requestSubmit(), enterSubmitDebounceMs);
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('keyup', onKeyUp);
    return () => {
      clearTimeout(timer);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('keyup', onKeyUp);
    };
  }, [form]);
}
