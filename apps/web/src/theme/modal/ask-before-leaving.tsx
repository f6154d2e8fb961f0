import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/**
 * Holds a navigation away from the page (the browser's Back, a link, the menu) while `when` is
 * true, and lets it go only when `ask` says so: the unsaved-changes question that Escape and
 * Cancel already ask of a dirty modal. Only a data router can hold a navigation; elsewhere (a
 * component test's MemoryRouter) nothing is held.
 */
export function AskBeforeLeaving(props: { when: boolean; ask: () => Promise<boolean> }) {
  return useContext(UNSAFE_DataRouterContext) ? <HoldNavigation {...props} /> : null;
}

function HoldNavigation({ when, ask }: { when: boolean; ask: () => Promise<boolean> }) {
  const blocker = useBlocker(when);
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
