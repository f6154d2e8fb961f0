import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function RolesPage() {
  return <AreaPlaceholder title="AbpIdentity::Roles" />;
}
