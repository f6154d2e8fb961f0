import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { tabStops } from '#src/theme/modal/focusable';

const ROW = 'tr[data-row-key]';
const rowsOf = (body: HTMLElement) => [...body.querySelectorAll<HTMLTableRowElement>(ROW)];

/** The row that last held focus: its key, and where it stood among the rows. */
interface FocusedRow {
  key: string;
  index: number;
}

/**
 * Keeps a keyboard user's place when the row holding focus goes away (deleted, here or by
 * someone else): the browser drops focus to the page's body, and the next Tab starts again at
 * the top of the page. Focus moves instead to the row that now stands in its place (its first
 * control, the Actions menu), else to the last row, else to `fallback` (the table, which then
 * reads "No data available"). Rows carry their key in `data-row-key`.
 *
 * Focus that left for somewhere else (a dialog, the search box) is never pulled back.
 */
export function useFocusFollowsRows(
  body: RefObject<HTMLTableSectionElement | null>,
  fallback: RefObject<HTMLElement | null>,
  rowKeys: readonly string[],
): void {
  const focused = useRef<FocusedRow | null>(null);

  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element).closest<HTMLTableRowElement>(ROW);
      focused.current = row
        ? { key: row.dataset.rowKey ?? '', index: rowsOf(element).indexOf(row) }
        : null;
    };
    // Without a related target focus went nowhere: that is what a removed row does too.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget))
        focused.current = null;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [body]);

  const keys = rowKeys.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined keys stand for rowKeys
  useLayoutEffect(() => {
    const last = focused.current;
    const element = body.current;
    if (!last || !element || rowKeys.includes(last.key)) return;
    focused.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const rows = rowsOf(element);
    const row = rows[Math.min(last.index, rows.length - 1)];
    const target = (row && tabStops(row)[0]) ?? fallback.current;
    target?.focus();
  }, [keys]);
}
