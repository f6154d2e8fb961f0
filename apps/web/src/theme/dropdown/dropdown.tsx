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

/**
 * Bootstrap's dropdown markup without its JavaScript: click, Escape and outside clicks close, and
 * so do scrolling and resizing, which would leave the fixed menu behind its toggle.
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
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus on an item would fall to the page with the menu: the toggle takes it back.
      const focusInside = root.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) toggle.current?.focus();
    };
    const close = () => setOpen(false);
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onKey);
    document.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

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
        onClick={() => {
          if (!open && toggle.current) setPosition(menuPosition(toggle.current, align));
          setOpen(!open);
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
