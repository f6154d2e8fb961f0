import type { PagedResultDto } from '@vineta/contracts/common/paged';
import { type ReactNode, useEffect } from 'react';
import type { useListQuery } from '#src/core/query/use-list-query';
import { type RowAction, RowActions } from '#src/theme/row-actions/row-actions';
import { SearchBox } from '#src/theme/search-box/search-box';
import { DataTable, type DataTableColumn } from './data-table';

export type ListState = ReturnType<typeof useListQuery>;

export interface ListCardProps<T> {
  caption: string;
  /** The list's query state (filter, sorting, page) from `useListQuery`. */
  list: ListState;
  /** The list query's answer. */
  result: { data?: PagedResultDto<T> | undefined; isFetching: boolean };
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
  useStayWithinPages(list, result);
  return (
    <div className="card">
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
          totalCount={result.data?.totalCount ?? 0}
          page={list.page}
          pageSize={list.query.maxResultCount}
          onPageChange={list.setPage}
          sorting={list.query.sorting}
          onSortingChange={list.setSorting}
          loading={result.isFetching}
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
