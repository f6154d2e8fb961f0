import { render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { focusWhenShown } from '#src/test/focus-when-shown';
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
    // Without it, a key typed as soon as the form showed went to the page's body.
    const focused = focusWhenShown(() => screen.queryByLabelText('User name') !== null);
    render(<ArrivingPage />);
    expect(await focused).toBe(screen.getByLabelText('User name'));
  });
});
