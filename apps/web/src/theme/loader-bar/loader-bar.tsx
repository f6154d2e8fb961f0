import { useEffect, useMemo } from 'react';
import { useNavigation } from 'react-router';
import { pendingRequests } from '#src/core/http/http-client';
import { useLocalization } from '#src/core/localization/i18n';
import { useStore } from '#src/core/store';
import { createLoaderProgress } from './loader-progress';

/** The thin bar at the top of the page for pending requests and navigations. */
export function LoaderBar() {
  const localize = useLocalization();
  const loader = useMemo(() => createLoaderProgress(), []);
  const requests = useStore(pendingRequests);
  const navigating = useNavigation().state !== 'idle';
  const { progress } = useStore(loader.store);

  useEffect(() => {
    loader.setBusy(requests > 0 || navigating);
  }, [loader, requests, navigating]);

  return (
    <div className="app-loader-bar" aria-hidden={progress === 0}>
      <div
        className="app-loader-bar-progress"
        role="progressbar"
        aria-label={localize({ key: 'AbpUi::LoadingWithThreeDot', defaultValue: 'Loading...' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        style={{ width: `${progress}%`, opacity: progress === 0 ? 0 : 1 }}
      />
    </div>
  );
}
