import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page's heading may take to show (its layout loads on its own the first time). */
export const headingWaitMs = 3000;

/** The page's own choice of focus: a form's first field, or a dialog (the error page). */
function pageTookFocus(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], dialog')) return true;
  return active.matches('input, select, textarea') && active.closest('main') !== null;
}

function focusHeading(): boolean {
  if (pageTookFocus()) return true;
  const main = document.getElementById('main-content');
  const heading = main?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  // Focusable from script only: it is no control, Tab should not stop on it.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a navigation inside the app (a new path, not a new query of the same list), focus goes to
 * the new page's main heading, as a page load would start a screen reader there: otherwise it
 * stayed on the link that was followed and nothing said the page had changed. The first load keeps
 * the browser's own start.
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (focusHeading()) return;
    // Waiting for the heading: a person who moves the focus meanwhile keeps it where they put it.
    const start = document.activeElement;
    const untouched = () => [start, document.body, null].includes(document.activeElement);
    const observer = new MutationObserver(() => {
      if (!untouched() || focusHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (untouched()) document.getElementById('main-content')?.focus({ preventScroll: true });
    }, headingWaitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
