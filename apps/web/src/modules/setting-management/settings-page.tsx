import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function SettingsPage() {
  return <AreaPlaceholder title="AbpSettingManagement::Settings" />;
}
