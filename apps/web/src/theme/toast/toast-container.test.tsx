import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer } from './toast-container';
import { toaster, toastLifetimes, toastStore } from './toaster';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => toaster.clear());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('has the lifetimes of SPEC.md section 9', () => {
    expect(toastLifetimes).toEqual({
      neutral: 5000,
      info: 5000,
      success: 5000,
      warning: 10000,
      error: 7000,
    });
  });

  it.each([
    ['error', 7000],
    ['success', 5000],
    ['warn', 10000],
    ['info', 5000],
  ] as const)('closes a %s toast after %i ms', (method, life) => {
    render(<ToastContainer />);
    act(() => {
      toaster[method]('Something happened');
    });
    expect(screen.getByText('Something happened')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(life - 1));
    expect(screen.queryByText('Something happened')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Something happened')).not.toBeInTheDocument();
  });

  it('shows the same news once: a repeat replaces its toast, whose life starts again', () => {
    render(<ToastContainer />);
    act(() => {
      toaster.success('Saved', 'Success');
    });
    act(() => vi.advanceTimersByTime(4000));
    act(() => {
      toaster.success('Saved', 'Success');
      toaster.success('Saved', 'Success');
      toaster.error('Saved', 'Success');
    });
    // One success toast, and the error beside it: another severity is other news.
    expect(screen.getAllByText('Saved')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getAllByText('Saved')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByText('Saved')).toHaveLength(1);
  });

  it('keeps a sticky toast and honours a custom life', () => {
    render(<ToastContainer />);
    act(() => {
      toaster.error('Sticky', undefined, { sticky: true });
      toaster.success('Short', undefined, { life: 1000 });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    expect(screen.queryByText('Short')).not.toBeInTheDocument();
  });

  it('waits while pointed at or focused, then lives its whole life again', () => {
    render(<ToastContainer />);
    act(() => {
      toaster.error('Read me');
    });
    const toast = screen.getByRole('alert');
    act(() => vi.advanceTimersByTime(6000));
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(60_000));
    expect(toast).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(6999));
    expect(toast).toBeInTheDocument();
    fireEvent.focus(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(toast).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });

  it('is closable by default and can be made not closable', () => {
    render(<ToastContainer />);
    act(() => {
      toaster.info('Closable');
      toaster.info('Fixed', undefined, { closable: false });
    });
    const buttons = screen.getAllByRole('button', { name: 'Close' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
    expect(screen.getByText('Fixed')).toBeInTheDocument();
  });

  it('is a live region before any toast arrives, so that the first one is announced', () => {
    const { container } = render(<ToastContainer />);
    expect(container.querySelector('.app-toast-container')).toHaveAttribute('aria-live', 'polite');
    act(() => {
      toaster.error('Saving failed');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Saving failed');
  });

  it('localizes message and title with their parameters', () => {
    render(<ToastContainer />);
    act(() => {
      toaster.error(
        {
          key: 'AbpUiMultiTenancy::GivenTenantIsNotAvailable',
          defaultValue: 'Given tenant is not available: {0}',
        },
        { key: 'AbpUi::Error', defaultValue: 'Error' },
        { messageLocalizationParams: ['acme'] },
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
    expect(screen.getByRole('alert')).toHaveTextContent('Given tenant is not available: acme');
    expect(toastStore.get()[0]?.life).toBe(7000);
  });
});

describe('toasts and the focused control', () => {
  /** A 1280 × 800 page laid out by hand (jsdom has no layout): rectangles by element. */
  const boxes = new Map<string, { top: number; bottom: number; left: number; right: number }>([
    ['language', { top: 8, bottom: 44, left: 1100, right: 1260 }],
    ['save', { top: 700, bottom: 740, left: 1160, right: 1260 }],
    ['search', { top: 8, bottom: 44, left: 300, right: 700 }],
  ]);
  const toastsAt = (element: Element) =>
    element.classList.contains('app-toast-container-bottom')
      ? { top: 690, bottom: 770, left: 900, right: 1250 }
      : { top: 30, bottom: 110, left: 900, right: 1250 };
  const rectangle = (box: { top: number; bottom: number; left: number; right: number }) =>
    ({
      ...box,
      x: box.left,
      y: box.top,
      width: box.right - box.left,
      height: box.bottom - box.top,
    }) as DOMRect;

  beforeEach(() => {
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.classList.contains('app-toast-container')) return rectangle(toastsAt(this));
      const box = boxes.get(this.dataset.box ?? '');
      return rectangle(box ?? { top: 0, bottom: 0, left: 0, right: 0 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const container = () => document.querySelector('.app-toast-container') as HTMLElement;
  const hidden = (name: string) =>
    overlaps(
      container().getBoundingClientRect(),
      screen.getByRole('button', { name }).getBoundingClientRect(),
    );

  function page(extra?: ReactNode) {
    return render(
      <>
        <button type="button" data-box="search">
          Search
        </button>
        <button type="button" data-box="language">
          Language
        </button>
        {extra}
        <ToastContainer />
      </>,
    );
  }

  it('moves to the bottom edge while the focused control is under it, and back after', () => {
    page();
    act(() => {
      toaster.error('Invalid user name or password!');
    });
    act(() => screen.getByRole('button', { name: 'Language' }).focus());
    expect(hidden('Language')).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid user name or password!');
    act(() => screen.getByRole('button', { name: 'Search' }).focus());
    expect(container()).not.toHaveClass('app-toast-container-bottom');
  });

  it('arrives at the bottom edge when focus is already under its place', () => {
    page();
    act(() => screen.getByRole('button', { name: 'Language' }).focus());
    act(() => {
      toaster.error('Saving failed');
    });
    expect(hidden('Language')).toBe(false);
  });

  it("stays at the top, clear of a dialog's footer, while focus is elsewhere", () => {
    page(
      <div className="modal-footer" data-box="save">
        <button type="button" data-box="save">
          Save
        </button>
      </div>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).focus());
    act(() => {
      toaster.error('Saving failed');
    });
    expect(hidden('Save')).toBe(false);
    // Focus under the toasts at the top: at the bottom they would hide the footer, but focus comes
    // first; back on Save, they return to the top.
    act(() => screen.getByRole('button', { name: 'Language' }).focus());
    expect(hidden('Language')).toBe(false);
    act(() => screen.getByRole('button', { name: 'Save' }).focus());
    expect(hidden('Save')).toBe(false);
  });
});
