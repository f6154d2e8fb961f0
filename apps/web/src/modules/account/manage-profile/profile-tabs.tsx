import { type ReactNode, useId, useState } from 'react';
import { TabList } from '#src/theme/tabs/tab-list';

export interface ProfileTab {
  key: string;
  label: string;
  content: ReactNode;
}

export interface ProfileTabsProps {
  tabs: ProfileTab[];
  label: string;
}

/** Vertical pills (ABP's My account), the first tab selected. */
export function ProfileTabs({ tabs, label }: ProfileTabsProps) {
  const id = useId();
  const [selected, setSelected] = useState(tabs[0]?.key);
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];
  return (
    <div className="row g-4">
      <div className="col-md-3">
        <TabList
          tabs={tabs}
          selected={current?.key}
          onSelect={setSelected}
          tabId={(key) => `${id}-${key}-tab`}
          panelId={(key) => `${id}-${key}-panel`}
          label={label}
        />
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
