import { type RefObject, useLayoutEffect, useState } from 'react';

interface Span {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlap = (a: Span, b: Span) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Whether the toasts go to the bottom edge, out of the way of the focused control (WCAG 2.4.11).
 * They sit at the top, where they stay clear of a dialog's footer, but there they covered the top
 * bar's language and user menus (or, while a dialog was open on a phone, its close button) for the
 * 7 s of a failed save or sign-in. When focus goes under them, they go to the bottom edge, as far
 * from the top as they were (the same box, mirrored), if that hides less of it; a dialog's footer
 * counts next, so that Save stays uncovered where focus allows. They come back with focus.
 */
export function useClearOfFocus(
  container: RefObject<HTMLElement | null>,
  toasts: readonly unknown[],
): boolean {
  const [bottom, setBottom] = useState(false);

  // Again for every change of the toasts: another one, or one replaced, changes their height.
  useLayoutEffect(() => {
    if (toasts.length === 0) {
      setBottom(false);
      return;
    }
    const place = () => {
      const element = container.current;
      const focused = document.activeElement;
      if (!element || element.contains(focused)) return;
      if (!focused || focused === document.body) {
        setBottom(false);
        return;
      }
      const box = element.getBoundingClientRect();
      const height = document.documentElement.clientHeight;
      const here = { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      const mirrored = { ...here, top: height - box.bottom, bottom: height - box.top };
      const atBottom = element.classList.contains('app-toast-container-bottom');
      const [top, low] = atBottom ? [mirrored, here] : [here, mirrored];
      const target = focused.getBoundingClientRect();
      const footer = [...document.querySelectorAll('.modal-footer')]
        .at(-1)
        ?.getBoundingClientRect();
      // What an edge hides: first of the focused control, then of the open dialog's footer.
      const hidden = (span: Span) => [overlap(span, target), footer ? overlap(span, footer) : 0];
      const [topFocus = 0, topFooter = 0] = hidden(top);
      const [lowFocus = 0, lowFooter = 0] = hidden(low);
      setBottom(lowFocus < topFocus || (lowFocus === topFocus && lowFooter < topFooter));
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, { capture: true });
    };
  }, [container, toasts]);

  return bottom;
}
