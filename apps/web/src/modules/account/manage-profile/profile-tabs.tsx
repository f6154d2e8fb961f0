import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface ProfileTab {
  key: string;
  label: string;
  content: ReactNode;
}

export interface ProfileTabsProps {
  tabs: ProfileTab[];
  label: string;
}

/**
 * Vertical pills (ABP's My account) with the tabs pattern of WAI-ARIA: arrow keys move between
 * tabs, only the selected one is in the tab order. The first tab is selected.
 */
export function ProfileTabs({ tabs, label }: ProfileTabsProps) {
  const id = useId();
  const [selected, setSelected] = useState(tabs[0]?.key);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === current?.key);
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    let next: number | undefined;
    if (step) next = (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    setSelected(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <div className="row g-4">
      <div className="col-md-3">
        <div
          className="nav flex-column nav-pills"
          role="tablist"
          aria-label={label}
          aria-orientation="vertical"
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab) => {
            const active = tab.key === current?.key;
            return (
              <button
                key={tab.key}
                ref={(element) => {
                  if (element) buttons.current.set(tab.key, element);
                  else buttons.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={`${id}-${tab.key}-tab`}
                aria-controls={`${id}-${tab.key}-panel`}
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                className={`nav-link text-start${active ? ' active' : ''}`}
                onClick={() => setSelected(tab.key)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div className="col-md-9">
        {current && (
          <div
            role="tabpanel"
            id={`${id}-${current.key}-panel`}
            aria-labelledby={`${id}-${current.key}-tab`}
          >
            <h2 className="h4 mb-3">{current.label}</h2>
            {current.content}
          </div>
        )}
      </div>
    </div>
  );
}
