import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { listDefaults, useListQuery } from './use-list-query';

/** `sorting` as the lists send it: a key, then optionally its direction. */
const sortingPattern = /^[A-Za-z][\w.]*( (asc|desc))?$/i;

/** What the address asks for one of a screen's own filters, as the screen uses it: '' for none. */
export type AcceptFilter = (asked: string) => string;

interface ListOptions<Filter extends string> {
  sorting?: string;
  /** The screen's own filters (a role, a status, a day), each with what it accepts. */
  filters?: Readonly<Record<Filter, AcceptFilter>>;
}

function readAddress<Filter extends string>(
  params: URLSearchParams,
  defaultSorting: string,
  accepts: Readonly<Record<Filter, AcceptFilter>>,
) {
  const askedSorting = params.get('sorting') ?? '';
  const askedPage = Number(params.get('page'));
  const filters = {} as Record<Filter, string>;
  for (const name of Object.keys(accepts) as Filter[]) {
    filters[name] = accepts[name](params.get(name) ?? '');
  }
  return {
    query: {
      filter: params.get('filter') ?? '',
      sorting: sortingPattern.test(askedSorting) ? askedSorting : defaultSorting,
      skipCount:
        Number.isInteger(askedPage) && askedPage > 1
          ? (askedPage - 1) * listDefaults.maxResultCount
          : 0,
    },
    filters,
  };
}

/**
 * `useListQuery` whose search, sort, page and the screen's own filters live in the address
 * (`?filter=ana&sorting=email desc&page=2&status=active`): a reload or a shared link shows the same
 * rows. The state is the truth and one effect writes all of it, replacing the history entry, with
 * defaults left out. Two writers, each from the address of its render, undid each other while a
 * navigation was still under way (a filter chosen just after typing a search was lost). Another
 * navigation to the screen (a link, the menu) takes its state from its address.
 */
export function useListQueryInAddress<Filter extends string = never>(
  options: ListOptions<Filter> = {},
) {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const defaultSorting = options.sorting ?? '';
  const accepts = options.filters ?? ({} as Readonly<Record<Filter, AcceptFilter>>);
  const acceptsRef = useRef(accepts);
  const [initial] = useState(() => readAddress(params, defaultSorting, accepts));
  const list = useListQuery(initial.query);
  const [filters, setFilters] = useState(initial.filters);
  const { setPage, reset, showAll: clearSearch } = list;

  /** Chooses one of the screen's own filters, from the first page. */
  const setFilterValue = useCallback(
    (name: Filter, value: string) => {
      setFilters((current) => (current[name] === value ? current : { ...current, [name]: value }));
      setPage(0);
    },
    [setPage],
  );

  /** Neither search nor the screen's own filters. */
  const showAll = useCallback(() => {
    clearSearch();
    setFilters((current) => {
      const cleared = Object.fromEntries(Object.keys(current).map((name) => [name, '']));
      return cleared as typeof current;
    });
  }, [clearSearch]);

  const { filter, sorting } = list.query;
  const page = list.page + 1;
  const seenKey = useRef(key);
  // The addresses this list asked for lately: one that lands after a newer one was asked for is
  // still its own, not another navigation.
  const written = useRef(new Set<string>());

  useEffect(() => {
    if (key !== seenKey.current) {
      seenKey.current = key;
      if (!written.current.has(params.toString())) {
        written.current.clear();
        const asked = readAddress(params, defaultSorting, acceptsRef.current);
        reset(asked.query);
        setFilters(asked.filters);
        return;
      }
    }
    const next = new URLSearchParams(params);
    const put = (name: string, value: string, fallback: string) => {
      if (value === fallback) next.delete(name);
      else next.set(name, value);
    };
    put('filter', filter, '');
    put('sorting', sorting, defaultSorting);
    put('page', String(page), '1');
    for (const [name, value] of Object.entries<string>(filters)) put(name, value, '');
    const search = next.toString();
    written.current.add(search);
    if (written.current.size > 20)
      written.current.delete(written.current.values().next().value ?? '');
    // A navigation only when the address says something else (not on every visit).
    if (search !== params.toString()) setParams(next, { replace: true });
  }, [key, params, filter, sorting, page, filters, defaultSorting, reset, setParams]);

  return { ...list, filters, setFilterValue, showAll };
}
