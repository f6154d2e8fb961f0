import { useId } from 'react';
import { Link } from 'react-router';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import type { MenuNode } from '#src/core/routing/menu-tree';
import { administrationRouteName } from '#src/core/routing/route-entry';
import { useStore } from '#src/core/store';
import { Icon } from '#src/theme/icons/icon';
import { useVisibleMenu } from '#src/theme/layouts/main-menu';
import { PageHeader } from '#src/theme/page/page-header';

/** The pages of a section: its children with a page, or the section itself when it is one. */
function pagesOf(section: MenuNode): MenuNode[] {
  return section.path ? [section] : section.children.filter((child) => child.path);
}

function SectionCard({ section }: { section: MenuNode }) {
  const localize = useLocalization();
  const headingId = useId();
  const name = localize(section.displayName ?? section.name);
  const pages = pagesOf(section);
  return (
    <section className="card h-100 app-admin-section" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title d-flex align-items-center gap-2">
          {section.iconClass && <Icon name={section.iconClass} />}
          {section.path ? (
            <Link to={section.path} className="stretched-link">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        {!section.path && (
          <ul className="list-unstyled mb-0">
            {pages.map((page) => (
              <li key={page.name}>
                <Link to={page.path ?? '/'} className="app-admin-link">
                  {localize(page.displayName ?? page.name)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * /admin: the Administration menu's sections as cards, each with its pages, as the signed-in user
 * may see them (the same policies and features as the menu); a user who may see none is told so,
 * and a visitor is asked to sign in.
 */
export function AdminPage() {
  const localize = useLocalization();
  const signedIn = useStore(
    appConfigurationStore,
    (configuration) => configuration?.currentUser.isAuthenticated ?? false,
  );
  const administration = useVisibleMenu().find((node) => node.name === administrationRouteName);
  const sections = (administration?.children ?? []).filter(
    (section) => pagesOf(section).length > 0,
  );
  return (
    <>
      <PageHeader title={localize('::Menu:Administration')} />
      {sections.length === 0 ? (
        <div className="card">
          <div className="card-body">
            {signedIn ? (
              <p className="mb-0">{localize('::AdminArea:NothingToManage')}</p>
            ) : (
              <p className="mb-0">
                {localize('::AdminArea:SignInToManage')}{' '}
                <Link to="/account/login">{localize('AbpAccount::Login')}</Link>
              </p>
            )}
          </div>
        </div>
      ) : (
        <div className="row g-3">
          {sections.map((section) => (
            <div key={section.name} className="col-md-6 col-xl-4">
              <SectionCard section={section} />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
