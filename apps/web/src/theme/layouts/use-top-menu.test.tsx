import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collapseResetMs, useTopMenu } from './use-top-menu';

function Probe() {
  const topMenu = useTopMenu();
  return (
    <>
      <output>{topMenu.expanded ? 'expanded' : 'folded'}</output>
      <button type="button" onClick={topMenu.toggle}>
        toggle
      </button>
      <Link to="/other">other</Link>
    </>
  );
}

const state = () => screen.getByRole('status').textContent;

beforeEach(() => {
  vi.useFakeTimers();
  const router = createMemoryRouter([{ path: '*', Component: Probe }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('top menu', () => {
  it('stays open when opened right after the first render', () => {
    fireEvent.click(screen.getByText('toggle'));
    act(() => vi.advanceTimersByTime(collapseResetMs * 3));
    expect(state()).toBe('expanded');
  });

  it(`folds ${collapseResetMs} ms after a navigation`, () => {
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByText('other'));
    expect(state()).toBe('expanded');
    act(() => vi.advanceTimersByTime(collapseResetMs));
    expect(state()).toBe('folded');
  });
});
