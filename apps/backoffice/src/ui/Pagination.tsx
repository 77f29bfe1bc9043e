import { PAGINATION_DEFAULTS } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface PaginationProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange: (pageNo: number) => void;
}

/** Page numbers around the current page, the first and last pages, and gaps between them. */
function pageItems(current: number, pages: number): Array<number | 'gap'> {
  const { pageRange, marginPages } = PAGINATION_DEFAULTS;
  const shown = new Set<number>();
  for (let page = 1; page <= Math.min(marginPages, pages); page += 1) shown.add(page);
  for (let page = Math.max(1, pages - marginPages + 1); page <= pages; page += 1) shown.add(page);
  const half = Math.floor(pageRange / 2);
  for (let page = Math.max(1, current - half); page <= Math.min(pages, current + half); page += 1)
    shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const page of sorted) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && page - previous > 1) items.push('gap');
    items.push(page);
  }
  return items;
}

export function Pagination({ pageNo, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (pageNo - 1) * pageSize + 1;
  const last = Math.min(total, pageNo * pageSize);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <p className="pagination-summary">{t('pagination.summary', { first, last, total })}</p>
      <div className="pagination-pages">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => onChange(pageNo - 1)}
          disabled={pageNo <= 1}
          aria-label={t('pagination.previous')}
        >
          <Icon name="chevronLeft" />
        </button>
        {pageItems(pageNo, pages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <span key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={`btn btn-sm ${item === pageNo ? 'btn-primary' : 'btn-ghost'}`}
              aria-current={item === pageNo ? 'page' : undefined}
              aria-label={t('pagination.page', { page: item })}
              onClick={() => onChange(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => onChange(pageNo + 1)}
          disabled={pageNo >= pages}
          aria-label={t('pagination.next')}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
    </nav>
  );
}
