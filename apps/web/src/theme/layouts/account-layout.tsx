import { Outlet, useMatches } from 'react-router';
import { useMultiTenancyEnabled } from '#src/core/app-configuration/app-configuration-store';
import { replaceableKeys, useReplaceableComponent } from '#src/core/routing/replaceable-components';
import type { RouteHandle } from '#src/core/routing/route-entry';
import { TenantBox } from '../tenant-box/tenant-box';
import { LanguageDropdown } from './language-dropdown';
import { Logo } from './logo';

/** The tenant box shows when multi-tenancy is on and the route does not hide it. */
function useTenantBoxVisible(): boolean {
  const enabled = useMultiTenancyEnabled();
  const hidden = useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.hideTenantBox,
  );
  return enabled && !hidden;
}

/** A centred column for the sign-in screens, with the tenant box above the page. */
export function AccountLayout() {
  const showTenantBox = useTenantBoxVisible();
  const Box = useReplaceableComponent(replaceableKeys.tenantBox, TenantBox);
  return (
    <div className="app-account-layout">
      <header className="app-account-header">
        <Logo />
        <LanguageDropdown />
      </header>
      <main id="main-content" className="container app-account-main" tabIndex={-1}>
        <div className="row justify-content-center">
          <div className="col-md-7 col-lg-5">
            {showTenantBox && <Box />}
            <Outlet />
          </div>
        </div>
      </main>
    </div>
  );
}
