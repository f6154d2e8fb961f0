import { type ReactNode, useRef } from 'react';
import { formatNumber } from '#src/core/localization/format';
import { currentLanguage, useLocalization } from '#src/core/localization/i18n';
import { Icon } from '#src/theme/icons/icon';
import './data-table.css';
import { Pager } from './pager';
import { useFocusFollowsRows } from './use-focus-follows-rows';
import { useScrollEdges } from './use-scroll-edges';

/** SPEC.md section 9: row height 30, header height 30, column width 150. */
export const dataTableDefaults = { rowHeight: 30, headerHeight: 30, columnWidth: 150 } as const;

export interface DataTableColumn<T> {
  key: string;
  header: string;
  /** The server's sort key; the header then toggles asc → desc → none. */
  sortKey?: string;
  width?: number;
  /**
   * Takes the room the other columns leave, at least `width`, and cuts its text to it: a long
   * value (a browser's user agent) then never makes the table scroll sideways on a wide screen.
   */
  fill?: boolean;
  /** How wide its text may make the column before it is cut (20rem by default, data-table.css). */
  maxWidth?: number;
  cell: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /**
   * Undefined until the first page has arrived: the total and the pager wait for it, where they
   * said "0 Total" and offered pages beside "Loading…".
   */
  totalCount: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** 'key asc' or 'key desc' (ABP's `sorting`), empty when unsorted. */
  sorting: string;
  onSortingChange: (key: string, direction: 'asc' | 'desc' | '') => void;
  /** The Actions column (first, as in ABP), absent when the user may do nothing. */
  actions?: (row: T) => ReactNode;
  loading?: boolean;
  /** What an empty table says once loaded, instead of "No data available". */
  empty?: ReactNode;
}

function nextDirection(sorting: string, key: string): 'asc' | 'desc' | '' {
  const [currentKey, direction] = sorting.split(' ');
  if (currentKey !== key) return 'asc';
  return direction === 'asc' ? 'desc' : '';
}

/** A bordered, paged and sortable Bootstrap table (ABP's ngx-datatable defaults). */
export function DataTable<T>(props: DataTableProps<T>) {
  const t = useLocalization();
  const { columns, rows, actions, sorting, page, pageSize } = props;
  const known = props.totalCount !== undefined;
  const totalCount = props.totalCount ?? 0;
  const [sortKey, sortDirection] = sorting.split(' ');
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  const count = (value: number) => formatNumber(value, currentLanguage());
  const header = { height: dataTableDefaults.headerHeight };
  const table = useRef<HTMLTableElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useFocusFollowsRows(body, table, rows.map(props.rowKey));
  const overflows = useScrollEdges(scroller, frame);
  return (
    <div className="app-data-table">
      <div className="app-data-table-frame" ref={frame}>
        {/*
         * Wider than its card, the table scrolls sideways: the box is then a Tab stop, named after
         * the table, so that the arrow keys scroll it without a mouse (WCAG 2.1.1).
         */}
        <div
          className="app-data-table-scroll"
          ref={scroller}
          {...(overflows ? { role: 'region', 'aria-label': props.caption, tabIndex: 0 } : {})}
        >
          {/*
           * Focusable from script only: where focus goes when the last focused row is deleted.
           * Busy while its rows are being fetched, the old ones still shown, so that a screen
           * reader waits for the new ones (the status line below the card then says what came).
           */}
          <table className="mb-2" ref={table} tabIndex={-1} aria-busy={props.loading || undefined}>
            <caption className="visually-hidden">{props.caption}</caption>
            <thead>
              <tr style={header}>
                {/*
                 * 150 px wide, and on a phone as wide as its cogs (data-table.css): the word is
                 * then the column's name for screen readers only, a cog standing in for it.
                 */}
                {actions && (
                  <th scope="col" className="app-data-actions">
                    <Icon name="cog" size={14} className="app-data-actions-icon" />
                    <span className="app-data-actions-word app-visually-hidden-phone">
                      {t('AbpUi::Actions')}
                    </span>
                  </th>
                )}
                {columns.map((column) => {
                  const sorted = column.sortKey && column.sortKey === sortKey;
                  const ariaSort = sorted
                    ? sortDirection === 'desc'
                      ? 'descending'
                      : 'ascending'
                    : undefined;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.fill ? 'app-data-cell-fill' : undefined}
                      aria-sort={ariaSort}
                      style={{ minWidth: column.width ?? dataTableDefaults.columnWidth }}
                    >
                      {column.sortKey ? (
                        <button
                          type="button"
                          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none"
                          onClick={() =>
                            props.onSortingChange(
                              column.sortKey ?? '',
                              nextDirection(sorting, column.sortKey ?? ''),
                            )
                          }
                        >
                          {column.header}
                          <span aria-hidden="true" className="ms-1">
                            {sorted ? (sortDirection === 'desc' ? '▼' : '▲') : '⇅'}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody ref={body}>
              {rows.length === 0 && (
                <tr style={{ height: dataTableDefaults.rowHeight }}>
                  <td colSpan={columns.length + (actions ? 1 : 0)} className="text-muted">
                    {/* Centred in the part of the table in sight, not across all of it. */}
                    <div className="app-data-table-empty">
                      {props.loading
                        ? t('AbpUi::LoadingWithThreeDot')
                        : (props.empty ?? t('AbpUi::NoDataAvailableInDatatable'))}
                    </div>
                  </td>
                </tr>
              )}
              {rows.map((row) => (
                <tr
                  key={props.rowKey(row)}
                  data-row-key={props.rowKey(row)}
                  style={{ height: dataTableDefaults.rowHeight }}
                >
                  {actions && <td>{actions(row)}</td>}
                  {columns.map((column) => {
                    const content = column.cell(row);
                    // A long value is cut short with an ellipsis; the whole of it shows on hover.
                    // Text takes its direction from its own letters (data-table.css).
                    const whole = typeof content === 'string' ? content : undefined;
                    return (
                      <td
                        key={column.key}
                        className={`app-data-cell${column.fill ? ' app-data-cell-fill' : ''}`}
                        style={column.maxWidth ? { maxInlineSize: column.maxWidth } : undefined}
                      >
                        {whole ? (
                          <span className="app-data-cell-text" title={whole}>
                            {whole}
                          </span>
                        ) : (
                          content
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {/* Its room kept while the first page loads, so the card does not grow when it arrives. */}
      <div
        className="app-list-footer d-flex flex-wrap justify-content-between align-items-center gap-2"
        style={known ? undefined : { visibility: 'hidden' }}
      >
        <span className="text-muted small">
          {/* One sentence, the number where each language puts it ("34 Total" read wrong in Arabic). */}
          {t({ key: 'Vineta::ListTotal', defaultValue: '{0} in total' }, count(totalCount))}
        </span>
        {/* A list of one page has nothing to page through (ngx-datatable, ABP's, hides it too). */}
        {(!known || pageCount > 1) && (
          <Pager
            caption={props.caption}
            page={page}
            pageCount={pageCount}
            onPageChange={props.onPageChange}
          />
        )}
      </div>
    </div>
  );
}
