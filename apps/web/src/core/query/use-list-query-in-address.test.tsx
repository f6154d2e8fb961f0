import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
