/** Everything that may take focus from the keyboard; `isTabStop` then drops what Tab skips. */
const candidates = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** Form fields, which a dialog with a form focuses before any button. */
const fields = 'input, select, textarea';

/**
 * A radio group is one Tab stop: its checked radio, or its first when none is checked. Grouped
 * by name within the container (the dialogs have no radios of one name in two forms).
 */
function isRadioStop(radio: HTMLInputElement, container: HTMLElement): boolean {
  if (!radio.name || radio.checked) return true;
  const group = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
    (other) => other.name === radio.name,
  );
  return !group.some((other) => other.checked) && group[0] === radio;
}

function isTabStop(element: HTMLElement, container: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled')) return false;
  if (element instanceof HTMLInputElement) {
    if (element.type === 'hidden') return false;
    if (element.type === 'radio' && !isRadioStop(element, container)) return false;
  }
  // An inactive tab's panel is `hidden`; what is inert cannot take focus at all.
  if (element.closest('[hidden], [inert]')) return false;
  // The browser also knows about display: none and visibility: hidden set by CSS classes. jsdom,
  // which lays nothing out, has no checkVisibility, and the attributes above are all it gets.
  return (
    typeof element.checkVisibility !== 'function' ||
    element.checkVisibility({ visibilityProperty: true })
  );
}

/** The container's Tab stops in document order (no dialog here uses a positive tabindex). */
export function tabStops(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>(candidates)].filter((element) =>
    isTabStop(element, container),
  );
}

/** The first field a person can type into or choose from, if the container has a form. */
export function firstField(container: HTMLElement | null): HTMLElement | undefined {
  return tabStops(container).find((element) => element.matches(fields));
}
