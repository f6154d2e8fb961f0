import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface DropdownProps {
  /** The toggle's content. */
  label: ReactNode;
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  toggleClassName?: string;
  className?: string;
}

/** Bootstrap's dropdown markup without its JavaScript: click, Escape and outside clicks close. */
export function Dropdown({
  label,
  ariaLabel,
  children,
  align = 'end',
  toggleClassName = 'btn btn-link nav-link dropdown-toggle',
  className = '',
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`dropdown ${className}`} ref={root}>
      <button
        type="button"
        className={toggleClassName}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <div
        id={menuId}
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
      >
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}
