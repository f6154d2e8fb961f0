import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function UsersPage() {
  return <AreaPlaceholder title="AbpIdentity::Users" />;
}
