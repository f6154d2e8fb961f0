import type { PagedResultDto } from '@vineta/contracts/common/paged';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatNumber } from '#src/core/localization/format';
import { currentLanguage, useLocalization } from '#src/core/localization/i18n';
import type { useListQuery } from '#src/core/query/use-list-query';
import type { LoadingQuery } from '#src/theme/load-state/loading-state';
import { NotLoaded } from '#src/theme/load-state/not-loaded';
import { type RowAction, RowActions } from '#src/theme/row-actions/row-actions';
import { SearchBox } from '#src/theme/search-box/search-box';
import { DataTable, type DataTableColumn } from './data-table';

export type ListState = ReturnType<typeof useListQuery> & {
  /** The screen's own filters (a role, a status), when it has some. */
  filters?: Readonly<Record<string, string>>;
};

export interface ListCardProps<T> {
  caption: string;
  /** The list's query state (filter, sorting, page) from `useListQuery`. */
  list: ListState;
  /** The list query's answer (React Query's result). */
  result: LoadingQuery & { data?: PagedResultDto<T> | undefined };
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** Names the row in its Actions menu's label. */
  rowName: (row: T) => string;
  /** The row's actions; leave it out when the user may do nothing, and the column goes. */
  rowActions?: ((row: T) => RowAction[]) | undefined;
  /** More ways to narrow the list (a role, say), beside the search box. */
  filters?: ReactNode;
  /** False for a list that has no free-text search, only its `filters`. */
  search?: boolean;
}

/**
 * A list screen's card: the search box and the paged, sortable table wired to one list query,
 * with ABP's row actions in the first column.
 */
export function ListCard<T>({
  caption,
  list,
  result,
  columns,
  rowKey,
  rowName,
  rowActions,
  filters,
  search = true,
}: ListCardProps<T>) {
  const t = useLocalization();
  useStayWithinPages(list, result);
  const announcement = useResultAnnouncement(list, result);
  const card = useRef<HTMLDivElement>(null);
  const narrowed =
    list.query.filter !== '' || Object.values(list.filters ?? {}).some((value) => value !== '');
  const showAll = () => {
    list.showAll();
    // The button goes with the empty table: the first way to narrow the list again keeps focus.
    card.current
      ?.querySelector<HTMLElement>('.app-list-toolbar input, .app-list-toolbar select')
      ?.focus();
  };
  const tryAgain = () => {
    // The button goes as the table turns busy: the table keeps the focus, its rows then in reach.
    card.current?.querySelector('table')?.focus();
    void result.refetch();
  };
  return (
    <div className="card" ref={card}>
      {/* Said once the list has answered a new search, filter or sort (as the menu search does). */}
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      <div className="card-body">
        <div className="app-list-toolbar">
          {search && <SearchBox value={list.filterInput} onChange={list.setFilter} />}
          {filters}
        </div>
        <DataTable
          caption={caption}
          columns={columns}
          rows={result.data?.items ?? []}
          rowKey={rowKey}
          totalCount={result.data?.totalCount}
          page={list.page}
          pageSize={list.query.maxResultCount}
          onPageChange={list.setPage}
          sorting={list.query.sorting}
          onSortingChange={list.setSorting}
          loading={result.isFetching}
          {...(result.isError && result.data === undefined
            ? {
                empty: <NotLoaded inline message={t('Vineta::ListNotLoaded')} onRetry={tryAgain} />,
              }
            : narrowed
              ? { empty: <NothingMatches onShowAll={showAll} /> }
              : {})}
          {...(rowActions
            ? {
                actions: (row: T) => (
                  <RowActions actions={rowActions(row)} rowName={rowName(row)} />
                ),
              }
            : {})}
        />
      </div>
    </div>
  );
}

/**
 * An empty table that a search or filter emptied: says so, and offers the whole list back,
 * where "No data available" read as if there were none at all.
 */
function NothingMatches({ onShowAll }: { onShowAll: () => void }) {
  const t = useLocalization();
  return (
    <>
      {t('Vineta::NothingMatches')}{' '}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={onShowAll}>
        {t('Vineta::ShowAll')}
      </button>
    </>
  );
}

/**
 * Back to the last page that has rows when the current one is past the end: its last rows were
 * deleted (here, or by someone else before a refetch), and an empty page whose pager offers only
 * going back is a dead end. Judged on a settled answer, which is the current query's.
 */
function useStayWithinPages(
  list: ListState,
  result: { data?: { totalCount: number } | undefined; isFetching: boolean },
) {
  const { page, setPage } = list;
  const { maxResultCount } = list.query;
  const totalCount = result.isFetching ? undefined : result.data?.totalCount;
  useEffect(() => {
    if (totalCount === undefined) return;
    const lastPage = Math.max(0, Math.ceil(totalCount / maxResultCount) - 1);
    if (page > lastPage) setPage(lastPage);
  }, [totalCount, maxResultCount, page, setPage]);
}

/** CLDR's plural categories, one text each (`Vineta::ListResults:few`…), `zero` for none at all. */
function resultsText(total: number): { key: string; defaultValue: string } {
  const category =
    total === 0 ? 'zero' : new Intl.PluralRules(currentLanguage() ?? 'es-MX').select(total);
  const defaultValue = total === 0 ? 'No results' : total === 1 ? '{0} result' : '{0} results';
  return { key: `Vineta::ListResults:${category}`, defaultValue };
}

/**
 * How many rows a new search, filter or sort found, for a polite live region: the table changed
 * silently to "No data available" as a person typed. Said once the answer has settled, so not on
 * each key (the search waits for a pause in the typing), and not on the first load or a new page.
 */
function useResultAnnouncement(
  list: ListState,
  result: { data?: { totalCount: number } | undefined; isFetching: boolean },
): string {
  const localize = useLocalization();
  const { filter, sorting } = list.query;
  const question = JSON.stringify([filter, sorting, list.filters ?? {}]);
  const answered = useRef(question);
  const [said, setSaid] = useState('');
  const total = result.isFetching ? undefined : result.data?.totalCount;
  useEffect(() => {
    if (total === undefined || answered.current === question) return;
    answered.current = question;
    const text = localize(resultsText(total), formatNumber(total, currentLanguage()));
    // The same words twice would not be said again: a no-break space tells them apart.
    setSaid((previous) => (previous === text ? `${text}\u00a0` : text));
  }, [question, total, localize]);
  return said;
}
