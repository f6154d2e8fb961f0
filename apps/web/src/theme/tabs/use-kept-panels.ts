import { useCallback, useState } from 'react';

/**
 * The selected tab, and which panels to keep mounted: each tab's panel is mounted the first time
 * it is shown and then only hidden, so a half-filled form on one tab is still there after a look
 * at another (switching used to drop it without a word). Panels never shown are not mounted, so a
 * form's first-field focus and a lazy panel's download wait until the tab is opened.
 */
export function useKeptPanels(initial: string | undefined) {
  const [selected, setSelected] = useState(initial);
  const [shown, setShown] = useState<ReadonlySet<string>>(
    () => new Set(initial === undefined ? [] : [initial]),
  );
  const select = useCallback((key: string) => {
    setSelected(key);
    setShown((before) => (before.has(key) ? before : new Set(before).add(key)));
  }, []);
  /** Whether the panel of `key` is mounted; `current` is the tab shown now. */
  const isMounted = (key: string, current: string | undefined) => key === current || shown.has(key);
  return { selected, select, isMounted };
}
