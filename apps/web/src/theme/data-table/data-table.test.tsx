import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps, pageWindow } from './data-table';

interface Row {
  id: string;
  name: string;
}

const rowsOf = (...names: string[]): Row[] => names.map((name) => ({ id: name, name }));

function table(rows: Row[], overrides: Partial<DataTableProps<Row>> = {}) {
  return (
    <>
      <input aria-label="Search" />
      <DataTable<Row>
        caption="People"
        columns={[{ key: 'name', header: 'Name', cell: (row) => row.name }]}
        rows={rows}
        rowKey={(row) => row.id}
        totalCount={rows.length}
        page={0}
        pageSize={10}
        onPageChange={() => {}}
        sorting=""
        onSortingChange={() => {}}
        actions={(row) => <button type="button">Actions of {row.name}</button>}
        {...overrides}
      />
    </>
  );
}

const actionsOf = (name: string) => screen.getByRole('button', { name: `Actions of ${name}` });

describe('DataTable focus', () => {
  it('moves focus to the row that takes the place of a deleted focused row', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto', 'carla')));
    actionsOf('beto').focus();
    rerender(table(rowsOf('ana', 'carla')));
    expect(actionsOf('carla')).toHaveFocus();
  });

  it('moves focus to the new last row when the last row goes, and to the table when none is left', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto')));
    actionsOf('beto').focus();
    rerender(table(rowsOf('ana')));
    expect(actionsOf('ana')).toHaveFocus();
    rerender(table([]));
    expect(screen.getByRole('table', { name: 'People' })).toHaveFocus();
  });

  it('leaves focus where it went when it had left the table before the row went', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto')));
    actionsOf('beto').focus();
    screen.getByLabelText('Search').focus();
    rerender(table(rowsOf('ana')));
    expect(screen.getByLabelText('Search')).toHaveFocus();
  });

  it('keeps focus on its row when the rows around it change', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto')));
    actionsOf('beto').focus();
    rerender(table(rowsOf('beto', 'carla')));
    expect(actionsOf('beto')).toHaveFocus();
  });
});

describe('DataTable pager', () => {
  it('keeps focus on Next at the last page, marked disabled and doing nothing', () => {
    const onPageChange = vi.fn();
    const props = { totalCount: 25, pageSize: 10, onPageChange };
    const { rerender } = render(table(rowsOf('ana'), { ...props, page: 1 }));
    const next = screen.getByRole('button', { name: /PagerNext/ });
    next.focus();
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenCalledWith(2);

    rerender(table(rowsOf('ana'), { ...props, page: 2 }));
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
    const props = { totalCount: 25, pageSize: 10, onPageChange };
    const { rerender } = render(table(rowsOf('ana'), { ...props, page: 1 }));
    const first = screen.getByRole('button', { name: 'PagerFirst' });
    const last = screen.getByRole('button', { name: 'PagerLast' });
    expect(first).toHaveTextContent('«');
    expect(first).toHaveAttribute('title', 'PagerFirst');
    fireEvent.click(last);
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(first);
    expect(onPageChange).toHaveBeenLastCalledWith(0);

    rerender(table(rowsOf('ana'), { ...props, page: 0 }));
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
    render(table(rowsOf('ana'), { totalCount: 61, pageSize: 10, page: 2, onPageChange }));
    const pager = screen.getByRole('navigation', { name: 'People' });
    const numbers = within(pager)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('app-pager-number'));
    expect(numbers.map((item) => item.textContent)).toEqual(['1', '2', '3', '4', '5']);
    // The current page is marked, and pressing it does nothing; "3 / 7" is its phone-sized form.
    const current = within(pager).getByRole('button', { name: '3' });
    expect(current).toHaveAttribute('aria-current', 'page');
    fireEvent.click(current);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(within(pager).getByText('3 / 7')).toBeInTheDocument();
    fireEvent.click(within(pager).getByRole('button', { name: '5' }));
    expect(onPageChange).toHaveBeenCalledWith(4);
  });

  it('keeps focus on the page number pressed, which becomes the current page', () => {
    const props = { totalCount: 61, pageSize: 10 };
    const { rerender } = render(table(rowsOf('ana'), { ...props, page: 0 }));
    const second = screen.getByRole('button', { name: '2' });
    second.focus();
    fireEvent.click(second);
    rerender(table(rowsOf('beto'), { ...props, page: 1 }));
    expect(screen.getByRole('button', { name: '2' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows no total and no pager until the first page has arrived', () => {
    const { rerender } = render(table([], { totalCount: undefined, loading: true }));
    expect(screen.getByText(/in total/)).not.toBeVisible();
    expect(screen.getByRole('navigation', { hidden: true })).not.toBeVisible();
    rerender(table(rowsOf('ana'), { totalCount: 25, pageSize: 10 }));
    expect(screen.getByText(/in total/)).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'People' })).toBeVisible();
  });

  it('has no pager for a list of one page, nor once a search leaves one page', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto'), { totalCount: 11, pageSize: 10 }));
    expect(screen.getByRole('navigation', { name: 'People' })).toBeVisible();
    rerender(table(rowsOf('ana', 'beto'), { totalCount: 10, pageSize: 10 }));
    expect(screen.getByText(/in total/)).toBeVisible();
    expect(screen.queryByRole('navigation', { hidden: true })).toBeNull();
  });

  it('groups large counts as the culture does', () => {
    render(table(rowsOf('ana'), { totalCount: 123456, pageSize: 10, page: 1233 }));
    expect(screen.getByText('123,456 in total')).toBeInTheDocument();
    expect(screen.getByText('1,234 / 12,346')).toBeInTheDocument();
  });
});

describe('DataTable sideways scrolling', () => {
  function widths(scrollWidth: number, clientWidth: number) {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  }
  afterEach(() => vi.restoreAllMocks());

  it('is a named Tab stop when the table is wider than its box, so the keyboard can scroll it', () => {
    widths(900, 600);
    render(table(rowsOf('ana')));
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it('is no stop at all when the whole table shows', () => {
    widths(600, 600);
    render(table(rowsOf('ana')));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
