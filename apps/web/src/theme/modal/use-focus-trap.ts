import { type RefObject, useLayoutEffect, useRef } from 'react';
import { tabStops } from './focusable';

interface OpenTrap {
  container: HTMLElement;
  /** Where focus goes back to: the first of these still in the document. */
  openers: HTMLElement[];
}

/**
 * The open traps, the most recent last. Only that one answers Tab, so a confirmation opened over a
 * modal keeps focus to itself and the modal waits underneath.
 */
const openTraps: OpenTrap[] = [];

/**
 * The element focused before the trap opened, then the openers of the dialog it came from. That
 * hands the opener over from a "Loading..." modal to the loaded one that replaces it. In the
 * browser Preact removes the loading modal's elements (focus falls to the body), runs the loaded
 * modal's effects, and only then the loading one's cleanup: its trap is still listed then, with
 * its container gone. (Tests wrapped in act() see the cleanup first.)
 */
function openersOf(previous: Element | null, container: HTMLElement): HTMLElement[] {
  const focusedElsewhere =
    previous instanceof HTMLElement && previous !== document.body && !container.contains(previous)
      ? previous
      : null;
  const cameFrom = [...openTraps]
    .reverse()
    .find((trap) =>
      focusedElsewhere ? trap.container.contains(focusedElsewhere) : !trap.container.isConnected,
    );
  return [...(focusedElsewhere ? [focusedElsewhere] : []), ...(cameFrom?.openers ?? [])];
}

/** Where focus starts; `undefined` leaves it on the container itself (which needs tabIndex -1). */
export type InitialFocus = (container: HTMLElement) => HTMLElement | null | undefined;

/**
 * While `active`: focus starts inside the container, Tab and Shift+Tab cycle through its controls
 * instead of leaving for the page behind, and on deactivation focus goes back to the element that
 * had it before (the button that opened the dialog), if that element is still in the document.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: InitialFocus,
): void {
  // Read when the trap opens; a new function every render must not reopen it.
  const chooseInitialFocus = useRef(initialFocus);
  chooseInitialFocus.current = initialFocus;

  // At commit rather than after paint: a dialog opened outside a user's event (a timer, a reply)
  // is on the screen before passive effects run, and keys pressed in between went to the page.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const trap: OpenTrap = { container, openers: openersOf(document.activeElement, container) };
    openTraps.push(trap);
    (chooseInitialFocus.current?.(container) ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented || openTraps.at(-1) !== trap) return;
      const stops = tabStops(container);
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) {
        // Nothing to move to (a busy dialog): focus stays on the dialog rather than leave it.
        event.preventDefault();
        container.focus();
        return;
      }
      const focused = document.activeElement;
      // On the container itself, or outside it after a click on the backdrop: back to an end.
      const within = focused !== container && container.contains(focused);
      const atEdge = event.shiftKey ? focused === first : focused === last;
      if (!within || atEdge) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openTraps.lastIndexOf(trap);
      if (index >= 0) openTraps.splice(index, 1);
      // Focus that has already moved on (another dialog restored its own opener) stays put.
      const focused = document.activeElement;
      const focusLeftWithUs = !focused || focused === document.body || container.contains(focused);
      if (focusLeftWithUs) trap.openers.find((opener) => opener.isConnected)?.focus();
    };
  }, [active, containerRef]);
}
