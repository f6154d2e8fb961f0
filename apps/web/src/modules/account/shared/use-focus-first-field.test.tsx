import { render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFirstField } from './use-focus-first-field';

function AccountForm() {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstField(form);
  return (
    <form ref={form}>
      <input aria-label="User name" />
      <input aria-label="Password" type="password" />
    </form>
  );
}

/** As a route's page comes: after a reply, not in a user's event. */
function ArrivingPage() {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArrived(true), 10);
    return () => clearTimeout(timer);
  }, []);
  return arrived ? <AccountForm /> : <p>Loading</p>;
}

describe('useFocusFirstField', () => {
  it('has the first field focused from the moment the form is on the screen', async () => {
    // A reply's render reaches the screen before React runs passive effects: a mutation observer
    // looks at the page in that gap, where a key typed at once would have gone to the body.
    const focusWhenShown = new Promise<Element | null>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!screen.queryByLabelText('User name')) return;
        observer.disconnect();
        resolve(document.activeElement);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    render(<ArrivingPage />);
    expect(await focusWhenShown).toBe(screen.getByLabelText('User name'));
  });
});
