import { Link, useLocation } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import { breadcrumbTrail, routeRegistry } from '#src/core/routing/menu-tree';
import { useStore } from '#src/core/store';
import { Icon } from '../icons/icon';

/** A home icon and the route's path through the menu, without the Administration node. */
export function Breadcrumb() {
  const localize = useLocalization();
  const { pathname } = useLocation();
  const entries = useStore(routeRegistry);
  const trail = breadcrumbTrail(entries, pathname).filter((entry) => entry.path !== '/');
  return (
    <nav aria-label={localize({ key: 'AbpUi::Breadcrumb', defaultValue: 'Breadcrumb' })}>
      <ol className="breadcrumb">
        <li className="breadcrumb-item">
          <Link to="/" aria-label={localize({ key: '::Menu:Home', defaultValue: 'Home' })}>
            <Icon name="home" size={16} />
          </Link>
        </li>
        {trail.map((entry, index) => {
          const last = index === trail.length - 1;
          return (
            <li
              key={entry.name}
              className={`breadcrumb-item${last ? ' active' : ''}`}
              {...(last ? { 'aria-current': 'page' as const } : {})}
            >
              {localize(entry.displayName ?? entry.name)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
