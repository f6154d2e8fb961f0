import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import type { MenuNode } from '#src/core/routing/menu-tree';
import { findMenuPages, type MenuPage, menuPages } from './menu-pages';
import './menu-search.css';

/** Whether a key goes into what has the focus: a field, a list or an editable element. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's search box: finds the pages of the menu the user sees by their names or their
 * groups' (accents and case aside), as LeptonX's menu search does, and opens the one chosen. An
 * ARIA combobox: the arrow keys move through the matches, Enter opens one, Escape closes the list
 * and then clears the box. A query without matches says so, also to screen readers. "/" typed
 * anywhere but in a field puts the cursor in the box, as on GitHub or MDN.
 */
export function MenuSearch({ nodes }: { nodes: readonly MenuNode[] }) {
  const localize = useLocalization();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const pages = useMemo(() => menuPages(nodes, localize), [nodes, localize]);
  const matches = useMemo(() => findMenuPages(pages, query), [pages, query]);
  const asked = open && query.trim() !== '';
  const expanded = asked && matches.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const label = localize({ key: 'AbpUi::PagerSearch', defaultValue: 'Search' });
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focusOnSlash = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      // Not from a field, nor past an open dialog, which keeps the focus inside it.
      if (isTyping(event.target) || document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      box.current?.focus();
    };
    document.addEventListener('keydown', focusOnSlash);
    return () => document.removeEventListener('keydown', focusOnSlash);
  }, []);

  const go = (page: MenuPage) => {
    setQuery('');
    setOpen(false);
    navigate(page.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = expanded ? active : step === 1 ? -1 : matches.length;
      setActive((from + step + matches.length) % matches.length);
      setOpen(true);
    } else if (event.key === 'Enter') {
      const page = expanded ? matches[active] : undefined;
      if (!page) return;
      event.preventDefault();
      go(page);
    } else if (event.key === 'Escape') {
      // The browser would clear a search box at once; the list closes first.
      event.preventDefault();
      if (expanded) setOpen(false);
      else setQuery('');
    }
  };

  return (
    <div className="app-search">
      <input
        ref={box}
        type="search"
        role="combobox"
        className="form-control"
        value={query}
        placeholder={localize({ key: 'AbpUi::TypeToSearch', defaultValue: 'Type to search...' })}
        aria-label={label}
        aria-autocomplete="list"
        aria-keyshortcuts="/"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(active) : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        className="app-search-results"
        hidden={!expanded}
      >
        {expanded &&
          matches.map((page, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works the list from the box (aria-activedescendant)
            <div
              key={page.key}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="app-search-option"
              // Keeps the focus in the box, so it does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => go(page)}
            >
              <span className="app-search-label">{page.label}</span>
              {page.trail.length > 0 && (
                <span className="app-search-trail">{page.trail.join(' / ')}</span>
              )}
            </div>
          ))}
      </div>
      <div
        role="status"
        className={asked && !expanded ? 'app-search-results app-search-empty' : 'visually-hidden'}
      >
        {asked && !expanded
          ? localize(
              { key: 'Vineta::MenuSearchNoResults', defaultValue: 'No page matches “{0}”.' },
              query.trim(),
            )
          : ''}
      </div>
    </div>
  );
}
