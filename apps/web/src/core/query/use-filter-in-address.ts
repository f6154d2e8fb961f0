import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One of a list screen's own filters (a role, a status, an action, a day) kept in the address
 * beside the search, sort and page of `useListQueryInAddress`, so that a reload or a shared link
 * keeps it too. `accept` turns what the address asks into the value the screen uses, '' for what
 * it does not take: that reads as no filter and leaves the address. Choosing a value goes back to
 * the first page; like the list's own parameters, it replaces the history entry.
 */
export function useFilterInAddress<Value extends string>(
  name: string,
  accept: (asked: string) => Value | '',
  setPage: (page: number) => void,
): [value: Value | '', set: (next: Value | '') => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(name);
  const value = accept(asked ?? '');

  const write = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          if (next) current.set(name, next);
          else current.delete(name);
          return current;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  useEffect(() => {
    if (asked !== null && value !== asked) write(value);
  }, [asked, value, write]);

  const set = useCallback(
    (next: Value | '') => {
      write(next);
      setPage(0);
    },
    [write, setPage],
  );
  return [value, set];
}
