import { useLocalization } from '#src/core/localization/i18n';
import { LoadingIndicator } from './loading-indicator';
import { NotLoaded } from './not-loaded';

/** The parts of a TanStack Query result that tell how its loading goes. */
export interface LoadingQuery {
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a page shows until its query has data: the spinner while it loads (again), and once it
 * failed, that the page could not be loaded, with Try again.
 */
export function LoadingState({ query }: { query: LoadingQuery }) {
  const t = useLocalization();
  return query.isError && !query.isFetching ? (
    <NotLoaded message={t('Vineta::PageNotLoaded')} onRetry={() => void query.refetch()} />
  ) : (
    <LoadingIndicator />
  );
}
