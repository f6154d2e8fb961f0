import { Link } from 'react-router';
import { getEnvironment } from '#src/core/environment';
import { replaceableKeys, useReplaceableComponent } from '#src/core/routing/replaceable-components';

function DefaultLogo() {
  const { name, logoUrl } = getEnvironment().application;
  return (
    <Link to="/" className="app-logo">
      {logoUrl ? (
        <img src={logoUrl} alt={name} height={32} />
      ) : (
        <>
          <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <rect x="2" y="2" width="11" height="11" rx="2" fill="currentColor" opacity=".9" />
            <rect x="15" y="2" width="11" height="11" rx="2" fill="currentColor" opacity=".6" />
            <rect x="2" y="15" width="24" height="11" rx="2" fill="currentColor" opacity=".75" />
          </svg>
          <span className="app-logo-text">{name}</span>
        </>
      )}
    </Link>
  );
}

/** The product's name and mark (replaceable as `Theme.LogoComponent`). */
export function Logo() {
  const Component = useReplaceableComponent(replaceableKeys.logo, DefaultLogo);
  return <Component />;
}
