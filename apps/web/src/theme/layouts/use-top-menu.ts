import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Below the lg breakpoint (992 px, the styles') the top menu collapses into a toggle; it folds
 * again 100 ms after navigating.
 */
export const collapseResetMs = 100;

export function useTopMenu(): { expanded: boolean; toggle: () => void } {
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  // Only a navigation folds the menu: on the first render there is nothing to fold, and a timer
  // started then would close a menu opened within its 100 ms.
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const timer = setTimeout(() => setExpanded(false), collapseResetMs);
    return () => clearTimeout(timer);
  }, [pathname]);

  const toggle = useCallback(() => setExpanded((value) => !value), []);
  return { expanded, toggle };
}
