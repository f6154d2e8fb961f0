import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

interface Holder {
  when: boolean;
  ask: () => Promise<boolean>;
}

/**
 * Every mounted holder, as of its last render. The router heeds one blocker at a time (the
 * latest registered), so each blocker asks them all: the idle holder of a clean form mounted last
 * would otherwise let a dirty form's edits go (My account keeps both of its forms mounted).
 */
const holders = new Set<Holder>();

const dirtyHolder = () => [...holders].reverse().find((holder) => holder.when);

/**
 * Holds a navigation away from the page (the browser's Back, a link, the menu) while `when` is
 * true (not the page's own query-string writes), and lets it go only when `ask` says so: the
 * unsaved-changes question that Escape and Cancel already ask of a dirty modal. Only a data
 * router can hold a navigation; elsewhere (a component test's MemoryRouter) nothing is held.
 */
export function AskBeforeLeaving(props: Holder) {
  return useContext(UNSAFE_DataRouterContext) ? <HoldNavigation {...props} /> : null;
}

function HoldNavigation({ when, ask }: Holder) {
  // Registered while mounted, and brought up to date as it renders: a Back pressed right after a
  // keystroke already finds the form dirty.
  const self = useRef<Holder>({ when, ask });
  self.current.when = when;
  self.current.ask = ask;
  useEffect(() => {
    const holder = self.current;
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, []);
  // The page's own address writes (a list's search landing after its debounce, while a modal
  // opened from the row it found is being edited) stay on the page: only leaving it, or the
  // browser's Back and Forward, which close the modal, are asked about.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirtyHolder() !== undefined &&
      (historyAction === 'POP' || currentLocation.pathname !== nextLocation.pathname),
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const question = dirtyHolder()?.ask ?? (async () => true);
    void question().then((leave) => {
      const held = current.current;
      if (held.state !== 'blocked') return;
      if (leave) held.proceed();
      else held.reset();
    });
  }, [blocker.state]);
  return null;
}
