import { NOTICES_PER_PAGE } from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { MegaphoneIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, DocumentTitle, Pagination } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { useNotices } from './queries.ts';
import './notice-page.css';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * The announcements screen (§2 /noticePage): titles on the left, 8 a page with pagination (page range 3,
 * margin pages 1), and the selected notice's title and HTML on the right. Page and notice live in the URL.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const locale = useDateLocale();
  const { data: notices, isPending, isError } = useNotices();
  const [params, update] = useUrlState();

  const all = notices ?? [];
  const pageCount = Math.max(1, Math.ceil(all.length / NOTICES_PER_PAGE));
  const page = Math.min(positiveInt(params.get('page')) ?? 1, pageCount);
  const onPage = all.slice((page - 1) * NOTICES_PER_PAGE, page * NOTICES_PER_PAGE);
  const selectedId = positiveInt(params.get('id'));
  const selected = onPage.find((notice) => notice.id === selectedId) ?? onPage[0];

  // On a phone the text sits below the list: a tapped title brings it into view. The scroll waits for the
  // navigation to the notice, whose scroll restoration would otherwise undo it.
  const { key: locationKey } = useLocation();
  const paneRef = useRef<HTMLElement>(null);
  const tappedId = useRef<number | null>(null);
  function revealPane() {
    const pane = paneRef.current;
    if (!pane) return;
    const { top } = pane.getBoundingClientRect();
    if (top >= 0 && top <= window.innerHeight / 2) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    pane.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the tapped notice's page has rendered
  useEffect(() => {
    if (tappedId.current === null || tappedId.current !== selected?.id) return;
    tappedId.current = null;
    revealPane();
  }, [locationKey, selected?.id]);

  function go(next: { page?: number; id?: number }) {
    // A new page shows no notice until one is tapped.
    update(
      {
        page: next.page === undefined ? undefined : String(next.page),
        id: next.id === undefined ? (next.page === undefined ? undefined : null) : String(next.id),
      },
      { replace: next.page === undefined },
    );
  }

  return (
    <div className="container notice-page">
      <DocumentTitle>{`${t('pages.noticePage')} · ${siteName}`}</DocumentTitle>
      <header className="page-heading">
        <span className="page-heading__icon">
          <MegaphoneIcon />
        </span>
        <div>
          <h1 className="page-heading__title">{t('pages.noticePage')}</h1>
          <p className="page-heading__text">{t('noticePage.subtitle')}</p>
        </div>
      </header>

      {isPending ? <CenteredSpinner label={t('common.loading')} /> : null}
      {isError ? <p className="notice-page__empty">{t('noticePage.error')}</p> : null}
      {notices && all.length === 0 ? <p className="notice-page__empty">{t('noticePage.empty')}</p> : null}

      {selected ? (
        <div className="notice-page__layout">
          <section className="notice-page__list-panel" aria-labelledby="notice-list-title">
            <h2 id="notice-list-title" className="visually-hidden">
              {t('noticePage.listTitle')}
            </h2>
            <ul className="notice-page__list">
              {onPage.map((notice) => (
                <li key={notice.id}>
                  <button
                    type="button"
                    className="notice-page__item"
                    aria-current={notice.id === selected.id ? 'true' : undefined}
                    onClick={() => {
                      if (notice.id === selected.id) {
                        revealPane();
                        return;
                      }
                      tappedId.current = notice.id;
                      go({ id: notice.id });
                    }}
                  >
                    <span className="notice-page__item-title">{notice.title}</span>
                    <span className="notice-page__item-date">{formatDateTime(notice.createdAt, locale)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              onChange={(next) => go({ page: next })}
              label={t('noticePage.pages')}
            />
          </section>
          <article ref={paneRef} className="notice-page__pane" aria-labelledby="notice-pane-title">
            <h2 id="notice-pane-title" className="notice-page__title">
              {selected.title}
            </h2>
            <p className="notice-page__date">
              {t('notices.published', { date: formatDateTime(selected.createdAt, locale) })}
            </p>
            <div
              className="rich-text notice-page__content"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: notice HTML is sanitised by the server on save (architecture §4)
              dangerouslySetInnerHTML={{ __html: selected.content }}
            />
          </article>
        </div>
      ) : null}
    </div>
  );
}
