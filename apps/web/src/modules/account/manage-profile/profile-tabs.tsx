import { type ReactNode, useId } from 'react';
import { TabList } from '#src/theme/tabs/tab-list';
import { useKeptPanels } from '#src/theme/tabs/use-kept-panels';

export interface ProfileTab {
  key: string;
  label: string;
  content: ReactNode;
}

export interface ProfileTabsProps {
  tabs: ProfileTab[];
  label: string;
}

/** Vertical pills (ABP's My account), the first tab selected; a tab's edits outlive a switch. */
export function ProfileTabs({ tabs, label }: ProfileTabsProps) {
  const id = useId();
  const { selected, select, isMounted } = useKeptPanels(tabs[0]?.key);
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];
  return (
    <div className="row g-4">
      <div className="col-md-3">
        <TabList
          tabs={tabs}
          selected={current?.key}
          onSelect={select}
          tabId={(key) => `${id}-${key}-tab`}
          panelId={(key) => `${id}-${key}-panel`}
          label={label}
        />
      </div>
      <div className="col-md-9">
        {tabs
          .filter((tab) => isMounted(tab.key, current?.key))
          .map((tab) => (
            <div
              key={tab.key}
              role="tabpanel"
              id={`${id}-${tab.key}-panel`}
              aria-labelledby={`${id}-${tab.key}-tab`}
              hidden={tab.key !== current?.key}
            >
              <h2 className="h4 mb-3">{tab.label}</h2>
              {tab.content}
            </div>
          ))}
      </div>
    </div>
  );
}
