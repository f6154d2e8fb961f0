import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type ListQuery, listDefaults, useListQuery } from './use-list-query';

/** `sorting` as the lists send it: a key, then optionally its direction. */
const sortingPattern = /^[A-Za-z][\w.]*( (asc|desc))?$/i;

/**
 * `useListQuery` whose search, sort and page live in the address (`?filter=ana&sorting=email
 * desc&page=2`), beside the screen's own filters: a reload, a shared link or Back to the page
 * shows the same rows. Replaced, not pushed, so that typing and paging add no history entries;
 * a value equal to its default is left out.
 */
export function useListQueryInAddress(defaults: Partial<Pick<ListQuery, 'sorting'>> = {}) {
  const [params, setParams] = useSearchParams();
  const defaultSorting = defaults.sorting ?? '';
  const askedSorting = params.get('sorting') ?? '';
  const askedPage = Number(params.get('page'));
  const list = useListQuery({
    filter: params.get('filter') ?? '',
    sorting: sortingPattern.test(askedSorting) ? askedSorting : defaultSorting,
    skipCount:
      Number.isInteger(askedPage) && askedPage > 1
        ? (askedPage - 1) * listDefaults.maxResultCount
        : 0,
  });
  const { filter, sorting } = list.query;
  const page = list.page + 1;

  useEffect(() => {
    const next = new URLSearchParams(params);
    const put = (name: string, value: string, fallback: string) => {
      if (value === fallback) next.delete(name);
      else next.set(name, value);
    };
    put('filter', filter, '');
    put('sorting', sorting, defaultSorting);
    put('page', String(page), '1');
    // A navigation only when the address says something else (not on every visit, nor when the
    // screen's own filters changed it).
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [params, filter, sorting, page, defaultSorting, setParams]);

  return list;
}
