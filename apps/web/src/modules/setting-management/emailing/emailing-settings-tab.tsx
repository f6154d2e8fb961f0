import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function EmailingSettingsTab() {
  return <AreaPlaceholder title="AbpSettingManagement::Menu:Emailing" />;
}
