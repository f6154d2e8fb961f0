import type { SortOrder } from './list-sorting.js';

/** Which rows to read for a page, and in which order. */
interface PageRead<Key extends string> {
  sort: SortOrder<Key>;
  skipCount: number;
  maxResultCount: number;
  /** The rows come in the opposite order: turn them back (`inPageOrder`). */
  fromEnd: boolean;
}

/**
 * ABP pages by offset, and an offset walks every row it skips, so the last page of 100 000 users
 * (the pager's Last) walked 99 990 index entries. A page in the back half of the list is read
 * from the end instead: the sort turned round (the tie-breaking id with it, so the order is the
 * exact mirror on both engines, nulls included), the rows after the page skipped, then the page
 * turned back. The cost of a page is then that of its distance from the nearer end.
 *
 * `totalCount` must count the rows the page's query reads (the list's total for the same filter).
 */
export function pageFromNearerEnd<Key extends string>(
  sort: SortOrder<Key>,
  skipCount: number,
  maxResultCount: number,
  totalCount: number,
): PageRead<Key> {
  const after = totalCount - skipCount - maxResultCount;
  if (skipCount <= Math.max(0, after)) return { sort, skipCount, maxResultCount, fromEnd: false };
  return {
    sort: { key: sort.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' },
    skipCount: Math.max(0, after),
    // A last page shorter than the others: only the rows that are left.
    maxResultCount: Math.min(maxResultCount, Math.max(0, totalCount - skipCount)),
    fromEnd: true,
  };
}

/** The rows read for a page (`PageRead`'s `fromEnd`) in the order the page asked for. */
export const inPageOrder = <Row>(fromEnd: boolean, rows: Row[]): Row[] =>
  fromEnd ? rows.reverse() : rows;
