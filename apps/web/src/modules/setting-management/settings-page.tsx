import { Suspense } from 'react';
import { useAppConfiguration } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { PageHeader } from '#src/theme/page/page-header';
import { TabList } from '#src/theme/tabs/tab-list';
import { useKeptPanels } from '#src/theme/tabs/use-kept-panels';
import { visibleSettingTabs } from './setting-tabs';

/**
 * /setting-management: ABP's vertical list of setting groups on the left, the selected group's
 * content on the right (stacked on narrow screens). Groups come from the tab registry; a group's
 * unsaved edits outlive a look at another.
 */
export function SettingsPage() {
  const t = useLocalization();
  const configuration = useAppConfiguration();
  const tabs = visibleSettingTabs(configuration);
  const { selected: selectedName, select, isMounted } = useKeptPanels(tabs[0]?.name);
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
                onSelect={select}
                tabId={(name) => `setting-tab-${name}`}
                panelId={(name) => `setting-tab-panel-${name}`}
              />
            </div>
            <div className="col-12 col-md-9">
              {tabs
                .filter((tab) => isMounted(tab.name, selected?.name))
                .map((tab) => (
                  <div
                    key={tab.name}
                    role="tabpanel"
                    id={`setting-tab-panel-${tab.name}`}
                    aria-labelledby={`setting-tab-${tab.name}`}
                    hidden={tab.name !== selected?.name}
                  >
                    <Suspense fallback={null}>
                      <tab.component />
                    </Suspense>
                  </div>
                ))}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
