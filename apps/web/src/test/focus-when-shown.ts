/**
 * Where the focus is at the moment `isShown` first holds, read by a mutation observer: after the
 * DOM changed and before React runs passive effects, which for an update made outside a user's
 * event (a timer, a reply) come after the screen shows it. A key pressed then goes to this element.
 */
export function focusWhenShown(isShown: () => boolean): Promise<Element | null> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!isShown()) return;
      observer.disconnect();
      resolve(document.activeElement);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
