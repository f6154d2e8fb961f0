import { formatNumber } from '#src/core/localization/format';
import { currentLanguage, useLocalization } from '#src/core/localization/i18n';
import './pager.css';

/**
 * A pager button. At the first or last page it is marked disabled but keeps focus: a `disabled`
 * button drops it to the page's body, so a keyboard user who paged to the end would start over at
 * the top of the page. First and Last show only their arrow, and so do Previous and Next on a
 * phone (pager.css), where the four words did not fit beside the page's number; the words
 * stay their names. Right to left, the arrows are turned (pager.css).
 */
function PagerButton(props: {
  label: string;
  arrow: string;
  /** Previous and Next: their word on a wide screen, their arrow alone on a phone. */
  worded?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { label, arrow, worded = false, disabled } = props;
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-disabled={disabled}
        aria-label={worded ? undefined : label}
        title={worded ? undefined : label}
        onClick={disabled ? undefined : props.onClick}
      >
        <span
          aria-hidden="true"
          className={`app-pager-arrow${worded ? ' app-pager-arrow-narrow' : ''}`}
        >
          {arrow}
        </span>
        {worded && <span className="app-pager-word app-visually-hidden-phone">{label}</span>}
      </button>
    </li>
  );
}

/** How many page numbers the pager shows at most, as ngx-datatable's pager (ABP's lists) does. */
const PAGE_NUMBERS = 5;

/**
 * The pages whose numbers the pager shows: up to PAGE_NUMBERS around `page`, the current one in
 * the middle where the ends allow it.
 */
export function pageWindow(page: number, pageCount: number): number[] {
  const start = Math.max(
    0,
    Math.min(page - Math.floor(PAGE_NUMBERS / 2), pageCount - PAGE_NUMBERS),
  );
  return Array.from({ length: Math.min(PAGE_NUMBERS, pageCount) }, (_, i) => start + i);
}

/**
 * A list's pager, named after its table: First and Previous, the pages around this one (on a
 * phone "3 / 7" instead), Next and Last. `page` counts from 0.
 */
export function Pager({
  caption,
  page,
  pageCount,
  onPageChange,
}: {
  caption: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  const t = useLocalization();
  const count = (value: number) => formatNumber(value, currentLanguage());
  return (
    <nav aria-label={caption}>
      <ul className="pagination pagination-sm mb-0">
        <PagerButton
          label={t('AbpUi::PagerFirst')}
          arrow="«"
          disabled={page === 0}
          onClick={() => onPageChange(0)}
        />
        <PagerButton
          label={t('AbpUi::PagerPrevious')}
          arrow="‹"
          worded
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
        />
        {/*
         * A wide screen shows the pages around this one, a phone this one of how many. The
         * current page stays a button, marked current and doing nothing: the button just
         * pressed keeps the focus, where a text in its place dropped it to the page's body.
         */}
        {pageWindow(page, pageCount).map((number) => (
          <li
            key={number}
            className={`page-item app-pager-number${number === page ? ' active' : ''}`}
          >
            <button
              type="button"
              className="page-link"
              aria-current={number === page ? 'page' : undefined}
              onClick={number === page ? undefined : () => onPageChange(number)}
            >
              {count(number + 1)}
            </button>
          </li>
        ))}
        <li className="page-item active app-pager-position" aria-current="page">
          <span className="page-link">
            {count(page + 1)} / {count(pageCount)}
          </span>
        </li>
        <PagerButton
          label={t('AbpUi::PagerNext')}
          arrow="›"
          worded
          disabled={page + 1 >= pageCount}
          onClick={() => onPageChange(page + 1)}
        />
        <PagerButton
          label={t('AbpUi::PagerLast')}
          arrow="»"
          disabled={page + 1 >= pageCount}
          onClick={() => onPageChange(pageCount - 1)}
        />
      </ul>
    </nav>
  );
}
