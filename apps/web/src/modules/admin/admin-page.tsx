import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function AdminPage() {
  return <AreaPlaceholder title="::Menu:Administration" />;
}
