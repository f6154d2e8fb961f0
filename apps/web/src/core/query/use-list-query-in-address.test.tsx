import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CurrentAddress } from '#src/test/render-with-providers';
import { useListQueryInAddress } from './use-list-query-in-address';

function List({ sorting }: { sorting?: string }) {
  const list = useListQueryInAddress(sorting ? { sorting } : {});
  return (
    <>
      <output aria-label="query">{JSON.stringify(list.query)}</output>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        next
      </button>
      <input
        aria-label="search"
        value={list.filterInput}
        onChange={(e) => list.setFilter(e.target.value)}
      />
      <CurrentAddress />
    </>
  );
}

function renderAt(address: string, sorting?: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <List {...(sorting ? { sorting } : {})} />
    </MemoryRouter>,
  );
}

const query = () => JSON.parse(screen.getByLabelText('query').textContent ?? '{}');
const address = () => screen.getByLabelText('address').textContent;

describe('a list query kept in the address', () => {
  it('starts from the search, sort and page of the address, beside its other parameters', () => {
    renderAt('/identity/users?status=active&filter=ana&sorting=email%20desc&page=3');
    expect(query()).toEqual({
      filter: 'ana',
      sorting: 'email desc',
      skipCount: 20,
      maxResultCount: 10,
    });
    // Already what the list shows: left as it was written, with no navigation.
    expect(address()).toBe('/identity/users?status=active&filter=ana&sorting=email%20desc&page=3');
  });

  it('writes the page and the search as they change, and leaves defaults out', () => {
    vi.useFakeTimers();
    try {
      renderAt('/identity/roles', 'name asc');
      expect(address()).toBe('/identity/roles');
      fireEvent.click(screen.getByRole('button', { name: 'next' }));
      expect(address()).toBe('/identity/roles?page=2');
      fireEvent.input(screen.getByLabelText('search'), { target: { value: 'ed' } });
      act(() => vi.advanceTimersByTime(300));
      // A new search starts at its first page.
      expect(address()).toBe('/identity/roles?filter=ed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops what is not a page or a sorting, and keeps to the defaults', () => {
    renderAt('/identity/roles?page=-2&sorting=name%3B%20drop', 'creationTime desc');
    expect(query()).toMatchObject({ sorting: 'creationTime desc', skipCount: 0 });
    expect(address()).toBe('/identity/roles');
  });
});

const colours = ['red', 'blue'];
const ownFilters = { colour: (asked: string) => (colours.includes(asked) ? asked : '') };

function FilteredList() {
  const list = useListQueryInAddress({ filters: ownFilters });
  return (
    <>
      <output aria-label="colour">{list.filters.colour}</output>
      <output aria-label="query">{JSON.stringify(list.query)}</output>
      <input
        aria-label="search"
        value={list.filterInput}
        onChange={(e) => list.setFilter(e.target.value)}
      />
      <button type="button" onClick={() => list.setFilterValue('colour', 'blue')}>
        blue
      </button>
      <button type="button" onClick={() => list.setFilterValue('colour', '')}>
        any
      </button>
      <button type="button" onClick={list.showAll}>
        show all
      </button>
      <Link to="/things">all things</Link>
      <CurrentAddress />
    </>
  );
}

/** The list in a data router whose every navigation waits for a loader, as the app's guards do. */
function renderFilteredAt(address: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/things',
        element: <FilteredList />,
        loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 30)),
      },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("a list screen's own filters kept in the address", () => {
  it('start from the address, and a choice goes to the first page beside the search', async () => {
    renderFilteredAt('/things?colour=red&filter=x&page=3');
    expect(await screen.findByLabelText('colour')).toHaveTextContent('red');
    expect(query()).toMatchObject({ filter: 'x', skipCount: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'blue' }));
    expect(screen.getByLabelText('colour')).toHaveTextContent('blue');
    expect(query()).toMatchObject({ skipCount: 0 });
    await waitFor(() => expect(address()).toBe('/things?colour=blue&filter=x'));

    fireEvent.click(screen.getByRole('button', { name: 'any' }));
    await waitFor(() => expect(address()).toBe('/things?filter=x'));
  });

  it('are cleared with the search and the page by "show all"', async () => {
    renderFilteredAt('/things?colour=red&filter=x&page=3');
    fireEvent.click(await screen.findByRole('button', { name: 'show all' }));
    expect(screen.getByLabelText('colour')).toHaveTextContent('');
    expect(query()).toMatchObject({ filter: '', skipCount: 0 });
    await waitFor(() => expect(address()).toBe('/things'));
  });

  it('read a value they do not take as none, and take it out of the address', async () => {
    renderFilteredAt('/things?colour=green&page=2');
    expect((await screen.findByLabelText('colour')).textContent).toBe('');
    await waitFor(() => expect(address()).toBe('/things?page=2'));
  });

  it('keep a filter chosen while the search’s navigation is still under way', async () => {
    vi.useFakeTimers();
    try {
      const router = renderFilteredAt('/things');
      await vi.advanceTimersByTimeAsync(30);
      fireEvent.input(screen.getByLabelText('search'), { target: { value: 'ana' } });
      // The search is written after its 300 ms and a render; its navigation then waits 30 ms
      // for the loader.
      await vi.advanceTimersByTimeAsync(310);
      expect(query()).toMatchObject({ filter: 'ana' });
      expect(router.state.navigation.state).toBe('loading');
      fireEvent.click(screen.getByRole('button', { name: 'blue' }));
      // Long after every loader has answered, nothing has taken the colour out again.
      await vi.advanceTimersByTimeAsync(100);
      expect(router.state.navigation.state).toBe('idle');
      expect(address()).toBe('/things?filter=ana&colour=blue');
      expect(screen.getByLabelText('colour')).toHaveTextContent('blue');
    } finally {
      vi.useRealTimers();
    }
  });

  it('take their state from the address of another navigation to the screen', async () => {
    renderFilteredAt('/things?colour=red&filter=x');
    fireEvent.click(await screen.findByRole('link', { name: 'all things' }));
    await waitFor(() => expect(address()).toBe('/things'));
    expect(screen.getByLabelText('colour').textContent).toBe('');
    expect(query()).toMatchObject({ filter: '', skipCount: 0 });
    expect(screen.getByLabelText('search')).toHaveValue('');
  });
});
