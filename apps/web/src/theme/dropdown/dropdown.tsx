import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface DropdownProps {
  /** The toggle's content. */
  label: ReactNode;
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  toggleClassName?: string;
  className?: string;
}

/** Room a menu needs below its toggle before it opens upwards instead (a few items). */
const MENU_ROOM = 180;

/**
 * Where an open menu goes: fixed to the viewport beside its toggle, so that no scrolling
 * ancestor clips it (a table's horizontal scroll box clipped the row menus of short lists).
 * Inline-end alignment is measured from the side the text direction ends on.
 *
 * Not Floating UI, which places the date field's calendar: menus are in the entry chunk (the top
 * bar, the account pages' language menu), and Floating UI there put /account/login at 89.2 KB
 * gzipped of its 90 KB budget, from 83.3 KB (tried in audit H's clean-up).
 */
function menuPosition(toggle: HTMLElement, align: 'start' | 'end'): CSSProperties {
  const rect = toggle.getBoundingClientRect();
  const rtl = getComputedStyle(toggle).direction === 'rtl';
  const fromLeft = rect.left;
  const fromRight = window.innerWidth - rect.right;
  const inline =
    align === 'end'
      ? { insetInlineEnd: rtl ? fromLeft : fromRight, insetInlineStart: 'auto' }
      : { insetInlineStart: rtl ? fromRight : fromLeft, insetInlineEnd: 'auto' };
  const upwards = rect.bottom + MENU_ROOM > window.innerHeight && rect.top > MENU_ROOM;
  const block = upwards
    ? { bottom: window.innerHeight - rect.top, top: 'auto' }
    : { top: rect.bottom, bottom: 'auto' };
  return { position: 'fixed', margin: 0, ...inline, ...block };
}

/** The menu's items that can take focus, in their order. */
const itemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)')] : [];

/**
 * Moves focus among the open menu's items for the arrow keys, Home and End (wrapping around);
 * false for any other key.
 */
function moveFocus(menu: HTMLElement | null, key: string): boolean {
  const items = itemsOf(menu);
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const target: Record<string, number> = {
    ArrowDown: at < 0 || at === last ? 0 : at + 1,
    ArrowUp: at <= 0 ? last : at - 1,
    Home: 0,
    End: last,
  };
  const index = target[key];
  if (index === undefined) return false;
  items[index]?.focus();
  return true;
}

/**
 * Bootstrap's dropdown markup without its JavaScript: click, Escape, outside clicks and focus
 * leaving it close it, and so do scrolling and resizing, which would leave the fixed menu behind
 * its toggle. The arrow keys, Home and End move among its items.
 */
export function Dropdown({
  label,
  ariaLabel,
  children,
  align = 'end',
  toggleClassName = 'btn btn-link nav-link dropdown-toggle',
  className = '',
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties>();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Once the menu has its width: moved sideways into the viewport when it would stick out (a
  // row's menu on a narrow screen, whose table scrolls sideways).
  useLayoutEffect(() => {
    if (!open || !menu.current || position?.translate) return;
    const box = menu.current.getBoundingClientRect();
    const shift = box.left < 0 ? -box.left : Math.min(0, window.innerWidth - box.right);
    if (shift !== 0) setPosition((current) => ({ ...current, translate: `${shift}px 0` }));
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    let afterTab: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      const focusInside = root.current?.contains(document.activeElement) ?? false;
      if (event.key === 'Escape') {
        // Focus on an item would fall to the page with the menu: the toggle takes it back.
        setOpen(false);
        if (focusInside) toggle.current?.focus();
        return;
      }
      if (focusInside && moveFocus(menu.current, event.key)) event.preventDefault();
      // Tab past the last control of the page leaves the document, where focusout names no
      // control to go to (below); once the focus has moved, wherever it went, the menu closes.
      if (focusInside && event.key === 'Tab') {
        clearTimeout(afterTab);
        afterTab = setTimeout(() => {
          if (!root.current?.contains(document.activeElement)) setOpen(false);
        });
      }
    };
    // Tab past the last item (or Shift+Tab past the toggle): the menu would stay open over the
    // controls that focus moved to, and another menu could open on top of it. Focus leaving the
    // window (another window taking it) names no control and keeps the menu open.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.current?.contains(next)) setOpen(false);
    };
    const close = () => setOpen(false);
    const element = root.current;
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onKey);
    element?.addEventListener('focusout', onFocusOut);
    document.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onKey);
      element?.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
      clearTimeout(afterTab);
    };
  }, [open]);

  // ArrowDown or ArrowUp on the closed toggle opens the menu at its first or last item (WAI-ARIA's
  // menu button); the items exist once it has rendered open.
  const focusOnOpen = useRef<'first' | 'last' | undefined>(undefined);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const items = itemsOf(menu.current);
    (focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus();
    focusOnOpen.current = undefined;
  }, [open]);
  const openMenu = () => {
    if (toggle.current) setPosition(menuPosition(toggle.current, align));
    setOpen(true);
  };

  // Choosing an item hands focus back to the toggle, as a menu button does: the item goes away
  // with the menu, and a modal the item opens then has the toggle to give focus back to.
  const closeFromItem = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className={`dropdown ${className}`} ref={root}>
      <button
        type="button"
        ref={toggle}
        className={toggleClassName}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={(event) => {
          if (open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
          event.preventDefault();
          focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
          openMenu();
        }}
      >
        {label}
      </button>
      <div
        id={menuId}
        ref={menu}
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        style={open ? position : undefined}
      >
        {open && children(closeFromItem)}
      </div>
    </div>
  );
}
