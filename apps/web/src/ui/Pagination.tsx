import { PAGINATION_DEFAULTS } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import './pagination.css';

type Item = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The pages to show (§9 pagination defaults): `marginPages` at each end, `pageRange` around the current page,
 * and a gap where pages are left out. Pages are numbered from 1.
 */
function pageItems(
  current: number,
  count: number,
  pageRange: number = PAGINATION_DEFAULTS.pageRange,
  marginPages: number = PAGINATION_DEFAULTS.marginPages,
): Item[] {
  if (count <= pageRange + 2 * marginPages) {
    return Array.from({ length: count }, (_, index) => ({ type: 'page', page: index + 1 }));
  }
  let start = Math.max(1, current - Math.floor(pageRange / 2));
  let end = start + pageRange - 1;
  if (end > count) {
    end = count;
    start = Math.max(1, end - pageRange + 1);
  }
  const shown = new Set<number>();
  for (let page = 1; page <= marginPages; page += 1) shown.add(page);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = count - marginPages + 1; page <= count; page += 1) shown.add(page);
  const items: Item[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}

interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Announcement pages". */
  label: string;
}

/** Page buttons with previous and next; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        aria-label={t('pagination.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <ul className="pagination__list">
        {pageItems(page, pageCount).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__page"
                aria-label={t('pagination.page', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        aria-label={t('pagination.next')}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
