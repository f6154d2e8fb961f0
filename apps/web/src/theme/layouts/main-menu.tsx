import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { useLocalization } from '#src/core/localization/i18n';
import { type MenuNode, routeRegistry, visibleMenu } from '#src/core/routing/menu-tree';
import { useStore } from '#src/core/store';
import { Icon } from '../icons/icon';

function MenuItems({ nodes, depth }: { nodes: MenuNode[]; depth: number }) {
  const localize = useLocalization();
  return (
    <ul className={depth === 0 ? 'app-menu' : 'app-menu app-submenu'}>
      {nodes.map((node) => (
        <li key={node.name} className="app-menu-item">
          {node.path ? (
            <NavLink to={node.path} end={node.path === '/'} className="app-menu-link">
              {node.iconClass && <Icon name={node.iconClass} />}
              <span>{localize(node.displayName ?? node.name)}</span>
            </NavLink>
          ) : (
            <span className="app-menu-group">
              {node.iconClass && <Icon name={node.iconClass} />}
              <span>{localize(node.displayName ?? node.name)}</span>
            </span>
          )}
          {node.children.length > 0 && <MenuItems nodes={node.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/** The menu tree from the route registry, filtered by policies and features. */
export function useVisibleMenu(): MenuNode[] {
  const entries = useStore(routeRegistry);
  const configuration = useStore(appConfigurationStore);
  return useMemo(() => visibleMenu(entries, configuration), [entries, configuration]);
}

export function MainMenu({ nodes }: { nodes: MenuNode[] }) {
  return <MenuItems nodes={nodes} depth={0} />;
}
