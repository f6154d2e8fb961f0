import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';

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

describe('DataTable footer', () => {
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

  it('is busy while its rows are fetched, keeping the old ones in sight', () => {
    const { rerender } = render(table(rowsOf('ana', 'beto'), { loading: true }));
    const people = screen.getByRole('table', { name: 'People' });
    expect(people).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('beto')).toBeVisible();
    rerender(table(rowsOf('ana'), { loading: false }));
    expect(people).not.toHaveAttribute('aria-busy');
  });

  it('groups large counts as the culture does', () => {
    render(table(rowsOf('ana'), { totalCount: 123456, pageSize: 10, page: 1233 }));
    expect(screen.getByText('123,456 in total')).toBeInTheDocument();
    expect(screen.getByText('1,234 / 12,346')).toBeInTheDocument();
  });
});
