import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { type RefObject, useLayoutEffect } from 'react';

/**
 * Places a popover under its anchor, its end at the anchor's end (the left in Arabic), moved
 * sideways as little as needed to stay 8 px inside the window and above the anchor when there is
 * no room below; kept so while it is shown, whatever moves the anchor (the window's size, the
 * sidebar sliding away, a scroll). Floating UI does the measuring: a field near the start of a
 * phone's screen put the calendar's first days off it, and a hand-made fix missed layout shifts.
 */
export function useFloatingUnder(
  anchor: RefObject<HTMLElement | null>,
  popover: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const reference = anchor.current;
    const floating = popover.current;
    if (!reference || !floating) return;
    const place = () =>
      computePosition(reference, floating, {
        placement: 'bottom-end',
        strategy: 'absolute',
        middleware: [offset(4), flip(), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        Object.assign(floating.style, { left: `${x}px`, top: `${y}px` });
      });
    return autoUpdate(reference, floating, place);
  }, [anchor, popover]);
}
