/** When the tab last reloaded for a new build (session storage: this tab only). */
const RELOADED_AT = 'vineta:reloaded-for-new-build';
/** A second failure this soon after such a reload is not a new build: the error is shown. */
const QUIET_MS = 10_000;

export interface StaleBuildOptions {
  /**
   * Where the tab was going when the code failed to load (the router's pending navigation: a
   * page's code is loaded before the address changes); undefined: stay where it is.
   */
  destination?: () => string | undefined;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Loads the address anew (the destination, or the current one when there is none). */
  load?: (href: string | undefined) => void;
  now?: () => number;
}

/**
 * A deploy replaces the build's hashed files, and a tab opened before it asks for files that are
 * gone the first time it needs the code of a page or a dialog: Vite then fires `vite:preloadError`
 * (every dynamic import goes through its preload helper). The tab loads the address it was going
 * to anew, which brings the new build, instead of showing an error for a page that exists. At most
 * once in ten seconds, so that a file missing from the new build too ends on the error screen
 * instead of reloading for ever. Returns what stops listening.
 */
export function reloadOnStaleBuild(options: StaleBuildOptions = {}): () => void {
  const target = options.target ?? window;
  const storage = options.storage ?? sessionStorage;
  const load =
    options.load ?? ((href) => (href === undefined ? location.reload() : location.assign(href)));
  const now = options.now ?? Date.now;
  const onPreloadError = () => {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < QUIET_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    load(options.destination?.());
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
