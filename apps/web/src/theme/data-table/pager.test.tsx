import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './pager';

function pager(page: number, pageCount: number, onPageChange: (page: number) => void = () => {}) {
  return <Pager caption="People" page={page} pageCount={pageCount} onPageChange={onPageChange} />;
}

describe('Pager', () => {
  it('keeps focus on Next at the last page, marked disabled and doing nothing', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(pager(1, 3, onPageChange));
    const next = screen.getByRole('button', { name: /PagerNext/ });
    next.focus();
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(2);

    rerender(pager(2, 3, onPageChange));
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /PagerPrevious/ })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('goes to the first and the last page, whose arrows are named and titled with their words', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(pager(1, 3, onPageChange));
    const first = screen.getByRole('button', { name: 'PagerFirst' });
    const last = screen.getByRole('button', { name: 'PagerLast' });
    expect(first).toHaveTextContent('«');
    expect(first).toHaveAttribute('title', 'PagerFirst');
    fireEvent.click(last);
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(first);
    expect(onPageChange).toHaveBeenLastCalledWith(0);

    rerender(pager(0, 3, onPageChange));
    expect(first).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(first);
    expect(onPageChange).toHaveBeenCalledTimes(2);
    expect(last).toHaveAttribute('aria-disabled', 'false');
    // Previous and Next are named by their words, their arrows hidden from the name.
    expect(screen.getByRole('button', { name: 'PagerPrevious' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows up to five pages around the current one, and goes to the one pressed', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(8, 10)).toEqual([5, 6, 7, 8, 9]);

    const onPageChange = vi.fn();
    render(pager(2, 7, onPageChange));
    const nav = screen.getByRole('navigation', { name: 'People' });
    const numbers = within(nav)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('app-pager-number'));
    expect(numbers.map((item) => item.textContent)).toEqual(['1', '2', '3', '4', '5']);
    // The current page is marked, and pressing it does nothing; "3 / 7" is its phone-sized form.
    const current = within(nav).getByRole('button', { name: '3' });
    expect(current).toHaveAttribute('aria-current', 'page');
    fireEvent.click(current);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(within(nav).getByText('3 / 7')).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('button', { name: '5' }));
    expect(onPageChange).toHaveBeenCalledWith(4);
  });

  it('keeps focus on the page number pressed, which becomes the current page', () => {
    const { rerender } = render(pager(0, 7));
    const second = screen.getByRole('button', { name: '2' });
    second.focus();
    fireEvent.click(second);
    rerender(pager(1, 7));
    expect(screen.getByRole('button', { name: '2' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });
});
