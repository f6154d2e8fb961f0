import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PagedResultDto } from '@vineta/contracts/common/paged';
import { describe, expect, it, vi } from 'vitest';
import { listDefaults, useListQuery } from '#src/core/query/use-list-query';
import { ListCard } from './list-card';

interface Person {
  id: string;
}

/** An answer that did not fail; each list sets whether it is still fetching. */
const settled = { isError: false, refetch: () => undefined };

const people = (count: number, from = 0): Person[] =>
  Array.from({ length: count }, (_, i) => ({ id: `person-${from + i}` }));

/** A list screen on page `startPage`, answered with `answer` and showing the query it asks. */
function Screen(props: {
  startPage: number;
  answer: PagedResultDto<Person>;
  isFetching?: boolean;
}) {
  const list = useListQuery({ skipCount: props.startPage * 10 });
  return (
    <>
      <output aria-label="skipCount">{list.query.skipCount}</output>
      <ListCard<Person>
        caption="People"
        list={list}
        result={{ ...settled, data: props.answer, isFetching: props.isFetching ?? false }}
        columns={[{ key: 'id', header: 'Id', cell: (person) => person.id }]}
        rowKey={(person) => person.id}
        rowName={(person) => person.id}
      />
    </>
  );
}

/** A searchable list whose answer holds the people whose id holds the search. */
function Searching(props: { isFetching: boolean }) {
  const list = useListQuery();
  const items = people(12).filter((person) => person.id.includes(list.query.filter));
  return (
    <ListCard<Person>
      caption="People"
      list={list}
      result={{
        ...settled,
        data: { totalCount: items.length, items },
        isFetching: props.isFetching,
      }}
      columns={[{ key: 'id', header: 'Id', cell: (person) => person.id }]}
      rowKey={(person) => person.id}
      rowName={(person) => person.id}
    />
  );
}

/** A list whose query failed before any answer came. */
function Failed({ refetch }: { refetch: () => void }) {
  const list = useListQuery();
  return (
    <ListCard<Person>
      caption="People"
      list={list}
      result={{ data: undefined, isFetching: false, isError: true, refetch }}
      columns={[{ key: 'id', header: 'Id', cell: (person) => person.id }]}
      rowKey={(person) => person.id}
      rowName={(person) => person.id}
    />
  );
}

const skipCount = () => screen.getByLabelText('skipCount').textContent;

describe('ListCard', () => {
  it('goes back to the last page with rows when the current page was emptied', () => {
    // Page 2 of 13 people; its three rows deleted, 10 are left: page 1 is the last.
    const { rerender } = render(
      <Screen startPage={1} answer={{ totalCount: 13, items: people(3, 10) }} />,
    );
    expect(skipCount()).toBe('10');
    rerender(<Screen startPage={1} answer={{ totalCount: 10, items: [] }} />);
    expect(skipCount()).toBe('0');
  });

  it('waits for a settled answer, and stays on the first page of an empty list', () => {
    const { rerender } = render(
      <Screen startPage={2} answer={{ totalCount: 5, items: [] }} isFetching />,
    );
    expect(skipCount()).toBe('20');
    rerender(<Screen startPage={2} answer={{ totalCount: 5, items: [] }} />);
    expect(skipCount()).toBe('0');
    rerender(<Screen startPage={0} answer={{ totalCount: 0, items: [] }} />);
    expect(skipCount()).toBe('0');
  });

  it('keeps a page that has rows', () => {
    render(<Screen startPage={1} answer={{ totalCount: 11, items: people(1, 10) }} />);
    expect(skipCount()).toBe('10');
  });

  it('says how many rows a new search found once the answer has settled, and only then', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<Searching isFetching={false} />);
      const status = screen.getByRole('status');
      expect(status).toHaveTextContent('');

      rerender(<Searching isFetching />);
      fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'person-1' } });
      act(() => vi.advanceTimersByTime(listDefaults.debounceMs));
      expect(status).toHaveTextContent('');
      rerender(<Searching isFetching={false} />);
      expect(status).toHaveTextContent('3 results');

      rerender(<Searching isFetching />);
      fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
      act(() => vi.advanceTimersByTime(listDefaults.debounceMs));
      rerender(<Searching isFetching={false} />);
      expect(status).toHaveTextContent('No results');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when a search matched nothing, and shows the whole list again at once', () => {
    vi.useFakeTimers();
    try {
      render(<Searching isFetching={false} />);
      const search = screen.getByRole('searchbox');
      fireEvent.input(search, { target: { value: 'nobody' } });
      act(() => vi.advanceTimersByTime(listDefaults.debounceMs));
      expect(screen.getByRole('table')).toHaveTextContent('NothingMatches');
      const showAll = screen.getByRole('button', { name: /ShowAll/ });

      fireEvent.click(showAll);
      // No debounce: the rows are back in the same render, and the search box is empty.
      expect(screen.getAllByRole('row')).toHaveLength(1 + 12);
      expect(search).toHaveValue('');
      expect(search).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "No data available" for a list that is empty without a search', () => {
    render(<Screen startPage={0} answer={{ totalCount: 0, items: [] }} />);
    expect(screen.getByRole('table')).toHaveTextContent('NoDataAvailableInDatatable');
    expect(screen.queryByRole('button', { name: /ShowAll/ })).toBeNull();
  });

  it('says a list that could not be fetched was not loaded, and asks again on Try again', () => {
    const refetch = vi.fn();
    render(<Failed refetch={refetch} />);
    const table = screen.getByRole('table');
    expect(table).toHaveTextContent('ListNotLoaded');
    expect(table).not.toHaveTextContent('NoDataAvailableInDatatable');
    fireEvent.click(screen.getByRole('button', { name: /TryAgain/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
    // The button is about to go: the table holds the focus meanwhile.
    expect(table).toHaveFocus();
  });
});
