import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
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

/** The layout's use: a toggle, the drawer with its links, an overlay while it covers the page. */
function Drawer() {
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const sidebar = useSidebar(toggle, drawer);
  return (
    <>
      <aside ref={drawer} aria-label="Menu" inert={!sidebar.open}>
        <Link to="/">Home</Link>
        <Link to="/users">Users</Link>
      </aside>
      {sidebar.modal && (
        <button type="button" onClick={sidebar.dismiss}>
          Close
        </button>
      )}
      <div inert={sidebar.modal}>
        <button type="button" ref={toggle} aria-expanded={sidebar.open} onClick={sidebar.toggle}>
          Menu
        </button>
      </div>
    </>
  );
}

function renderAt(width: number, Component = Probe) {
  window.innerWidth = width;
  const router = createMemoryRouter([{ path: '*', Component }], { initialEntries: ['/'] });
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

  it('below 1025 px opens as a drawer: focus on its first link, back on the toggle when closed', () => {
    renderAt(800, Drawer);
    const menu = screen.getByRole('button', { name: 'Menu' });
    menu.focus();
    fireEvent.click(menu);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    fireEvent.click(menu);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(menu).toHaveFocus();
  });

  it('leaves focus alone when it opens beside the page on wide screens', () => {
    renderAt(1280, Drawer);
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    menu.focus();
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
