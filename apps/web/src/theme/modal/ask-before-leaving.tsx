import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/**
 * Holds a navigation away from the page (the browser's Back, a link, the menu) while `when` is
 * true (not the page's own query-string writes), and lets it go only when `ask` says so: the
 * unsaved-changes question that Escape and Cancel already ask of a dirty modal. Only a data router can hold a navigation; elsewhere (a
 * component test's MemoryRouter) nothing is held.
 */
export function AskBeforeLeaving(props: { when: boolean; ask: () => Promise<boolean> }) {
  // Held only while there is something to lose: the router heeds one blocker at a time (the
  // latest), so an idle one of a clean form would let a dirty form's edits go.
  return useContext(UNSAFE_DataRouterContext) && props.when ? <HoldNavigation {...props} /> : null;
}

function HoldNavigation({ when, ask }: { when: boolean; ask: () => Promise<boolean> }) {
  // The page's own address writes (a list's search landing after its debounce, while a modal
  // opened from the row it found is being edited) stay on the page: only leaving it, or the
  // browser's Back and Forward, which close the modal, are asked about.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      when && (historyAction === 'POP' || currentLocation.pathname !== nextLocation.pathname),
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((leave) => {
      const held = current.current;
      if (held.state !== 'blocked') return;
      if (leave) held.proceed();
      else held.reset();
    });
  }, [blocker.state, ask]);
  return null;
}
