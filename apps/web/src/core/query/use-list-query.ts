import { useCallback, useEffect, useState } from 'react';

/** SPEC.md section 9 / ABP's ListService: page size 10, filter debounced by 300 ms. */
export const listDefaults = { maxResultCount: 10, debounceMs: 300 } as const;

export interface ListQuery {
  filter: string;
  sorting: string;
  skipCount: number;
  maxResultCount: number;
}

/**
 * The list's query parameters (`filter`, `sorting` as 'key direction', `skipCount`,
 * `maxResultCount`). Typing in the filter waits 300 ms; a new filter, size or sort goes back to
 * the first page. Empty values are dropped by the HTTP client.
 */
export function useListQuery(initial: Partial<ListQuery> = {}) {
  const [filterInput, setFilterInput] = useState(initial.filter ?? '');
  const [query, setQuery] = useState<ListQuery>({
    filter: initial.filter ?? '',
    sorting: initial.sorting ?? '',
    skipCount: initial.skipCount ?? 0,
    maxResultCount: initial.maxResultCount ?? listDefaults.maxResultCount,
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((current) =>
        current.filter === filterInput
          ? current
          : { ...current, filter: filterInput, skipCount: 0 },
      );
    }, listDefaults.debounceMs);
    return () => clearTimeout(timer);
  }, [filterInput]);

  const setPage = useCallback(
    (page: number) =>
      setQuery((current) => ({ ...current, skipCount: page * current.maxResultCount })),
    [],
  );
  const setPageSize = useCallback(
    (maxResultCount: number) =>
      setQuery((current) => ({ ...current, maxResultCount, skipCount: 0 })),
    [],
  );
  /** Another search, sort and page at once (a navigation to the list with its own address). */
  const reset = useCallback((next: Pick<ListQuery, 'filter' | 'sorting' | 'skipCount'>) => {
    setFilterInput(next.filter);
    setQuery((current) => ({ ...current, ...next }));
  }, []);
  /** No search: the whole list from its first page, at once (no typing to wait for). */
  const showAll = useCallback(() => {
    setFilterInput('');
    setQuery((current) => ({ ...current, filter: '', skipCount: 0 }));
  }, []);
  const setSorting = useCallback(
    (key: string, direction: 'asc' | 'desc' | '') =>
      setQuery((current) => ({
        ...current,
        sorting: key && direction ? `${key} ${direction}` : '',
        skipCount: 0,
      })),
    [],
  );

  return {
    query,
    page: Math.floor(query.skipCount / query.maxResultCount),
    filterInput,
    setFilter: setFilterInput,
    setPage,
    setPageSize,
    setSorting,
    reset,
    showAll,
  };
}
