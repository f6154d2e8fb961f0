import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** SPEC.md section 9: the sidebar closes itself below 1025 px; resizes are debounced by 150 ms. */
export const sidebarBreakpoint = 1025;
export const resizeDebounceMs = 150;

function isNarrow(): boolean {
  return window.innerWidth < sidebarBreakpoint;
}

/**
 * Whether the sidebar is open. Over a narrow screen, where it covers the page, Escape closes it,
 * and focus left inside it goes back to `toggle` (the button that opened it).
 */
export function useSidebar(toggleButton?: RefObject<HTMLElement | null>): {
  open: boolean;
  toggle: () => void;
  close: () => void;
} {
  const [open, setOpen] = useState(() => !isNarrow());
  const location = useLocation();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isNarrow() || event.defaultPrevented) return;
      const sidebar = document.getElementById('app-sidebar');
      const focusInside = sidebar?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) toggleButton?.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, toggleButton]);

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
