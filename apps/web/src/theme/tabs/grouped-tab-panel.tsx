import type { ReactNode } from 'react';
import { type TabItem, TabList } from './tab-list';

export interface GroupedTabPanelProps {
  /** Prefix of the tabs' and the panel's element ids. */
  idPrefix: string;
  /** One tab a group. */
  tabs: readonly TabItem[];
  /** The shown group's key; no panel without one. */
  selected: string | undefined;
  onSelect: (key: string) => void;
  /** The shown group's name, the panel's heading. */
  heading: ReactNode;
  /** What the panel shows under its heading. */
  children: ReactNode;
}

/**
 * A modal's groups as vertical tabs beside the selected group's panel (ABP's permission and
 * feature modals): the list takes a third of the width from the md breakpoint, above the panel
 * on narrower screens.
 */
export function GroupedTabPanel({
  idPrefix,
  tabs,
  selected,
  onSelect,
  heading,
  children,
}: GroupedTabPanelProps) {
  return (
    <div className="row g-3">
      <div className="col-md-4">
        <TabList
          className="nav flex-column nav-pills app-modal-group-list"
          tabs={tabs}
          selected={selected}
          onSelect={onSelect}
          tabId={(key) => `${idPrefix}-tab-${key}`}
          panelId={() => `${idPrefix}-panel`}
        />
      </div>
      {selected !== undefined && (
        <div
          className="col-md-8"
          role="tabpanel"
          id={`${idPrefix}-panel`}
          aria-labelledby={`${idPrefix}-tab-${selected}`}
        >
          <h3 className="h6">{heading}</h3>
          {children}
        </div>
      )}
    </div>
  );
}
