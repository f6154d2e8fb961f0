import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { tabStops } from '../modal/focusable';

/** SPEC.md section 9: the sidebar closes itself below 1025 px; resizes are debounced by 150 ms. */
export const sidebarBreakpoint = 1025;
export const resizeDebounceMs = 150;

function isNarrow(): boolean {
  return window.innerWidth < sidebarBreakpoint;
}

/**
 * Whether the sidebar is open, and whether it is `modal`: open over a narrow screen, where it
 * covers the page like a drawer. Opening it there moves focus to its first link; Escape or the
 * overlay close it and give focus back to `toggleButton` (the button that opened it, which the
 * layout makes inert meanwhile, with the rest of the page).
 */
export function useSidebar(
  toggleButton?: RefObject<HTMLElement | null>,
  drawer?: RefObject<HTMLElement | null>,
): {
  open: boolean;
  modal: boolean;
  toggle: () => void;
  close: () => void;
  /** Closes it as a person does (Escape, the overlay): focus goes back to `toggleButton`. */
  dismiss: () => void;
} {
  const [open, setOpen] = useState(() => !isNarrow());
  const [narrow, setNarrow] = useState(isNarrow);
  const modal = open && narrow;
  const location = useLocation();
  const refocusToggle = useRef(false);

  const dismiss = useCallback(() => {
    refocusToggle.current = true;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!modal) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modal, dismiss]);

  // After the render that made the drawer reachable, or the toggle no longer inert.
  useEffect(() => {
    if (modal) {
      tabStops(drawer?.current ?? null)[0]?.focus();
    } else if (refocusToggle.current) {
      refocusToggle.current = false;
      toggleButton?.current?.focus();
    }
  }, [modal, drawer, toggleButton]);

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
        const nowNarrow = isNarrow();
        if (nowNarrow !== wasNarrow) {
          setOpen(!nowNarrow);
          setNarrow(nowNarrow);
        }
        wasNarrow = nowNarrow;
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
  return { open, modal, toggle, close, dismiss };
}
