import { AreaPlaceholder } from '#src/theme/page/area-placeholder';

export function TenantsPage() {
  return <AreaPlaceholder title="AbpTenantManagement::Tenants" />;
}
