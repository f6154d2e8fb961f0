import { useEffect, useMemo } from 'react';
import { useNavigation } from 'react-router';
import { pendingRequests } from '#src/core/http/http-client';
import { useStore } from '#src/core/store';
import { createLoaderProgress } from './loader-progress';

/**
 * The thin bar at the top of the page for pending requests and navigations. A sight of activity
 * only, hidden from assistive technology: what loads says so where it loads (a busy table, a busy
 * button, a status), and a progress bar outside the page's landmarks that came and went with every
 * request was noise there (axe-core's "region" rule failed whenever a check met one in flight).
 * `data-progress` is its percentage, for the browser tests.
 */
export function LoaderBar() {
  const loader = useMemo(() => createLoaderProgress(), []);
  const requests = useStore(pendingRequests);
  const navigating = useNavigation().state !== 'idle';
  const { progress } = useStore(loader.store);

  useEffect(() => {
    loader.setBusy(requests > 0 || navigating);
  }, [loader, requests, navigating]);

  return (
    <div className="app-loader-bar" aria-hidden="true">
      <div
        className="app-loader-bar-progress"
        data-progress={Math.round(progress)}
        style={{ width: `${progress}%`, opacity: progress === 0 ? 0 : 1 }}
      />
    </div>
  );
}
