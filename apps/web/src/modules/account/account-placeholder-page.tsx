import { useMatches } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import type { RouteHandle } from '#src/core/routing/route-entry';

/** Shows the screen's title until the screen itself is built. */
export function AccountPlaceholderPage() {
  const localize = useLocalization();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as RouteHandle | undefined)?.name ?? '';
  return (
    <div className="card">
      <div className="card-body">
        <h1 className="h4">{localize(name)}</h1>
      </div>
    </div>
  );
}
