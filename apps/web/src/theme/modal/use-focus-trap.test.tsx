import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusTrap } from './use-focus-trap';

function TrapBox({ label }: { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, true, (container) => container.querySelector('button'));
  return (
    <div ref={box} tabIndex={-1} aria-label={label} role="dialog">
      <button type="button">{label} button</button>
    </div>
  );
}

function Page({ loading, loaded }: { loading: boolean; loaded: boolean }) {
  return (
    <>
      <button type="button">Opener</button>
      {loading && <TrapBox label="Loading" />}
      {loaded && <TrapBox label="Loaded" />}
    </>
  );
}

describe('useFocusTrap', () => {
  it('hands the opener over from a dialog still open when its replacement opens', () => {
    const { rerender } = render(<Page loading={false} loaded={false} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    rerender(<Page loading loaded={false} />);
    expect(screen.getByRole('button', { name: 'Loading button' })).toHaveFocus();
    rerender(<Page loading loaded />);
    expect(screen.getByRole('button', { name: 'Loaded button' })).toHaveFocus();
    rerender(<Page loading={false} loaded />);
    expect(screen.getByRole('button', { name: 'Loaded button' })).toHaveFocus();
    rerender(<Page loading={false} loaded={false} />);
    expect(opener).toHaveFocus();
  });

  // What the browser does: the loading dialog's elements go first (focus falls to the body),
  // the loaded one opens, and the loading one's trap is cleaned up last.
  it('hands the opener over from a dialog whose elements were already removed', () => {
    const { rerender } = render(<Page loading={false} loaded={false} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    rerender(<Page loading loaded={false} />);
    screen.getByRole('dialog', { name: 'Loading' }).remove();
    expect(document.body).toHaveFocus();
    rerender(<Page loading loaded />);
    rerender(<Page loading={false} loaded />);
    expect(screen.getByRole('button', { name: 'Loaded button' })).toHaveFocus();
    rerender(<Page loading={false} loaded={false} />);
    expect(opener).toHaveFocus();
  });

  it('gives focus back only to an opener still in the document', () => {
    const { rerender } = render(<Page loading={false} loaded={false} />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    rerender(<Page loading loaded={false} />);
    // The page drops the opener while the dialog is open.
    screen.getByRole('button', { name: 'Opener' }).remove();
    rerender(<Page loading={false} loaded={false} />);
    expect(document.body).toHaveFocus();
  });
});
