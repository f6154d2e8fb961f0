import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Below 992 px the top menu collapses into a toggle; it folds again 100 ms after navigating. */
export const smallScreenBreakpoint = 992;
export const collapseResetMs = 100;

export function useTopMenu(): { expanded: boolean; toggle: () => void } {
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    const timer = setTimeout(() => setExpanded(false), collapseResetMs);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  const toggle = useCallback(() => setExpanded((value) => !value), []);
  return { expanded, toggle };
}
