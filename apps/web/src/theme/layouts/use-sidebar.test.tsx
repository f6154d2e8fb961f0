import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resizeDebounceMs, sidebarBreakpoint, useSidebar } from './use-sidebar';

function Probe() {
  const sidebar = useSidebar();
  return (
    <>
      <output>{sidebar.open ? 'open' : 'closed'}</output>
      <button type="button" onClick={sidebar.toggle}>
        toggle
      </button>
      <Link to="/other">other</Link>
    </>
  );
}

function renderAt(width: number) {
  window.innerWidth = width;
  const router = createMemoryRouter([{ path: '*', Component: Probe }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

const state = () => screen.getByRole('status').textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  window.innerWidth = 1024;
});

describe('sidebar', () => {
  it('uses the 1025 px breakpoint and the 150 ms resize debounce', () => {
    expect(sidebarBreakpoint).toBe(1025);
    expect(resizeDebounceMs).toBe(150);
  });

  it('starts open on wide screens and stays open when navigating', () => {
    renderAt(1280);
    expect(state()).toBe('open');
    fireEvent.click(screen.getByRole('link', { name: 'other' }));
    expect(state()).toBe('open');
  });

  it('starts closed below 1025 px and closes itself on navigation', () => {
    renderAt(1024);
    expect(state()).toBe('closed');
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(state()).toBe('open');
    fireEvent.click(screen.getByRole('link', { name: 'other' }));
    expect(state()).toBe('closed');
  });

  it('closes on Escape below 1025 px, where it covers the page, and not on wide screens', () => {
    renderAt(1024);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(state()).toBe('open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(state()).toBe('closed');
    cleanup();
    renderAt(1280);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(state()).toBe('open');
  });

  it('follows the window width after 150 ms of quiet', () => {
    renderAt(1280);
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event('resize'));
    });
    act(() => vi.advanceTimersByTime(resizeDebounceMs - 1));
    expect(state()).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(state()).toBe('closed');
    act(() => {
      window.innerWidth = 1400;
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(resizeDebounceMs);
    });
    expect(state()).toBe('open');
  });
});
