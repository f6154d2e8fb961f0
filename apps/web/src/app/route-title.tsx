import { useMatches } from 'react-router';
import { useLocalization } from '#src/core/localization/i18n';
import { useDocumentTitle } from '#src/core/routing/document-title';
import type { RouteHandle } from '#src/core/routing/route-entry';

/** Names the tab after the deepest route that has a name: its menu and breadcrumb text. */
export function RouteTitle() {
  const localize = useLocalization();
  const matches = useMatches();
  const name = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.name)
    .findLast((value) => value !== undefined);
  useDocumentTitle(name ? localize(name) : '');
  return null;
}
