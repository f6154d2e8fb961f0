import { useRef } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '#src/core/app-configuration/app-configuration-store';
import { logout } from '#src/core/auth/auth-service';
import { useLocalization } from '#src/core/localization/i18n';
import { Icon } from '../icons/icon';
import { MenuSearch } from '../menu-search/menu-search';
import { Breadcrumb } from './breadcrumb';
import { LanguageDropdown } from './language-dropdown';
import { Logo } from './logo';
import { MainMenu, useVisibleMenu } from './main-menu';
import { useSidebar } from './use-sidebar';
import { useTopMenu } from './use-top-menu';
import { UserMenu } from './user-menu';

/** Sidebar with logo and menu, top bar, breadcrumb, content and footer. */
export function ApplicationLayout() {
  const localize = useLocalization();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const sidebar = useSidebar(menuButton, drawer);
  const topMenu = useTopMenu();
  const user = useCurrentUser();
  const menu = useVisibleMenu();
  const menuLabel = localize({ key: 'AbpUi::Menu', defaultValue: 'Menu' });

  return (
    <div
      className={`app-shell${sidebar.open ? ' app-sidebar-open' : ''}${sidebar.modal ? ' app-sidebar-modal' : ''}`}
    >
      {/* The first stop of Tab: past the menu and the top bar, straight to the page (WCAG 2.4.1). */}
      <a className="app-skip-link" href="#main-content" inert={sidebar.modal}>
        {localize({ key: 'Vineta::SkipToContent', defaultValue: 'Skip to content' })}
      </a>
      {/* Closed, it is off screen: out of the Tab order and of what a screen reader lists too. */}
      <aside
        ref={drawer}
        id="app-sidebar"
        className="app-sidebar"
        aria-label={menuLabel}
        inert={!sidebar.open}
      >
        <div className="app-sidebar-brand">
          <Logo />
          {/* Over a narrow screen the drawer is a dialog: one visible way out besides Escape. */}
          {sidebar.modal && (
            <button
              type="button"
              className="btn app-sidebar-close"
              aria-label={localize({ key: 'AbpUi::Close', defaultValue: 'Close' })}
              onClick={sidebar.dismiss}
            >
              <Icon name="close" size={20} />
            </button>
          )}
        </div>
        <nav className="app-sidebar-nav" aria-label={menuLabel}>
          <MainMenu nodes={menu} />
        </nav>
      </aside>
      {sidebar.modal && (
        <button
          type="button"
          className="app-overlay"
          aria-label={localize({ key: 'AbpUi::Close', defaultValue: 'Close' })}
          onClick={sidebar.dismiss}
        />
      )}
      {/* Under the drawer of a narrow screen, the page is out of reach, as behind a dialog. */}
      <div className="app-main" inert={sidebar.modal}>
        <header className="app-topbar">
          <button
            ref={menuButton}
            type="button"
            className="btn app-topbar-button"
            aria-label={menuLabel}
            aria-controls="app-sidebar"
            aria-expanded={sidebar.open}
            onClick={sidebar.toggle}
          >
            <Icon name="menu" size={20} />
          </button>
          <MenuSearch nodes={menu} />
          <button
            type="button"
            className="btn app-topbar-button app-topmenu-toggle"
            aria-label={localize({
              key: 'AbpUi::ToggleNavigation',
              defaultValue: 'Toggle navigation',
            })}
            aria-controls="app-topmenu"
            aria-expanded={topMenu.expanded}
            onClick={topMenu.toggle}
          >
            {/* Not the grid of the Administración link: this opens the language and the account. */}
            <Icon name={topMenu.expanded ? 'close' : 'user'} size={20} />
          </button>
          <div id="app-topmenu" className={`app-topmenu${topMenu.expanded ? ' show' : ''}`}>
            <LanguageDropdown />
            <UserMenu />
            {user?.isAuthenticated && (
              <>
                {/* An address reads left to right in Arabic too: cut at its end, not its start. */}
                <span className="app-topbar-email" dir="ltr" title={user.email ?? undefined}>
                  {user.email}
                </span>
                <button
                  type="button"
                  className="btn btn-link nav-link"
                  onClick={() => void logout()}
                >
                  {localize({ key: 'AbpAccount::Logout', defaultValue: 'Logout' })}
                </button>
              </>
            )}
          </div>
        </header>
        <main id="main-content" className="app-content" tabIndex={-1}>
          <Breadcrumb />
          <Outlet />
        </main>
        <footer className="app-footer">
          {localize({
            key: 'AbpUi::Copyright',
            defaultValue: 'Copyright © 2021. All right reserved.',
          })}
        </footer>
      </div>
    </div>
  );
}
