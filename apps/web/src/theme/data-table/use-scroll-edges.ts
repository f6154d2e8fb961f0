import { type RefObject, useEffect, useState } from 'react';

/**
 * Marks `frame` with `data-more-start` and `data-more-end` while `box`, a sideways-scrolling box
 * inside it, has columns beyond its start or end edge, for the data table's edge shadows: a table
 * wider than its card (the users' at 1280 px) otherwise ended in a cut column, with nothing to
 * say there was more. Logical edges: in a right-to-left page the start is on the right, where
 * Chromium's scrollLeft counts down from 0. Returns whether the box has anything beyond its edges.
 */
export function useScrollEdges(
  box: RefObject<HTMLElement | null>,
  frame: RefObject<HTMLElement | null>,
): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const scroller = box.current;
    const marked = frame.current;
    if (!scroller || !marked) return;
    const mark = () => {
      const hidden = scroller.scrollWidth - scroller.clientWidth;
      const scrolled = Math.abs(scroller.scrollLeft);
      marked.toggleAttribute('data-more-start', scrolled > 1);
      marked.toggleAttribute('data-more-end', scrolled < hidden - 1);
      setOverflows(hidden > 1);
    };
    mark();
    scroller.addEventListener('scroll', mark, { passive: true });
    // The table widens when its rows come, and the box narrows with the window or the sidebar
    // (jsdom, which lays nothing out, has no ResizeObserver).
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(mark) : undefined;
    resized?.observe(scroller);
    if (scroller.firstElementChild) resized?.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, [box, frame]);
  return overflows;
}
