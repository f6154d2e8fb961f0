import { Suspense, useState } from 'react';
import { useAppConfiguration } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { PageHeader } from '#src/theme/page/page-header';
import { TabList } from '#src/theme/tabs/tab-list';
import { visibleSettingTabs } from './setting-tabs';

/**
 * /setting-management: ABP's vertical list of setting groups on the left, the selected group's
 * content on the right (stacked on narrow screens). Groups come from the tab registry.
 */
export function SettingsPage() {
  const t = useLocalization();
  const configuration = useAppConfiguration();
  const tabs = visibleSettingTabs(configuration);
  const [selectedName, setSelectedName] = useState<string | undefined>(tabs[0]?.name);
  const selected = tabs.find((tab) => tab.name === selectedName) ?? tabs[0];

  return (
    <>
      <PageHeader title={t('AbpSettingManagement::Settings')} />
      <div className="card">
        <div className="card-body">
          <div className="row g-3">
            <div className="col-12 col-md-3">
              <TabList
                tabs={tabs.map((tab) => ({ key: tab.name, label: t(tab.name) }))}
                selected={selected?.name}
                onSelect={setSelectedName}
                tabId={(name) => `setting-tab-${name}`}
                panelId={() => 'setting-tab-panel'}
              />
            </div>
            <div
              className="col-12 col-md-9"
              role="tabpanel"
              id="setting-tab-panel"
              aria-labelledby={selected ? `setting-tab-${selected.name}` : undefined}
            >
              {selected && (
                <Suspense fallback={null}>
                  <selected.component key={selected.name} />
                </Suspense>
              )}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
