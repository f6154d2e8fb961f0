import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** SPEC.md section 9: the sidebar closes itself below 1025 px; resizes are debounced by 150 ms. */
export const sidebarBreakpoint = 1025;
export const resizeDebounceMs = 150;

function isNarrow(): boolean {
  return window.innerWidth < sidebarBreakpoint;
}

export function useSidebar(): { open: boolean; toggle: () => void; close: () => void } {
  const [open, setOpen] = useState(() => !isNarrow());
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (isNarrow()) setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasNarrow = isNarrow();
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const narrow = isNarrow();
        if (narrow !== wasNarrow) setOpen(!narrow);
        wasNarrow = narrow;
      }, resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close };
}
