import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  /** Classes beside `nav-link` (e.g. bold for a group with grants). */
  className?: string;
}

export interface TabListProps {
  tabs: readonly TabItem[];
  selected: string | undefined;
  onSelect: (key: string) => void;
  /** The tab's element id; its panel is labelled by it. */
  tabId: (key: string) => string;
  /** The id of the panel the tab controls. */
  panelId: (key: string) => string;
  /** Vertical pills (the default) or horizontal tabs. */
  orientation?: 'vertical' | 'horizontal';
  className?: string;
  label?: string;
}

const steps: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * Bootstrap's nav as WAI-ARIA's tabs pattern: one Tab stop (the selected tab), the arrow keys move
 * between tabs and select them (left and right follow the reading direction), Home and End go to
 * the first and the last. A dialog with a dozen permission groups was a dozen Tab presses long.
 */
export function TabList({
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  orientation = 'vertical',
  className = orientation === 'vertical' ? 'nav flex-column nav-pills' : 'nav nav-tabs',
  label,
}: TabListProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.some((tab) => tab.key === selected) ? selected : tabs[0]?.key;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tabs.findIndex((tab) => tab.key === current);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const horizontalKey = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    let step = steps[event.key];
    if (step && horizontalKey && rtl) step = -step;
    let next: number | undefined;
    if (step) next = (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <div
      className={className}
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-controls={panelId(tab.key)}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={`nav-link${orientation === 'vertical' ? ' text-start' : ''}${active ? ' active' : ''}${tab.className ? ` ${tab.className}` : ''}`}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
