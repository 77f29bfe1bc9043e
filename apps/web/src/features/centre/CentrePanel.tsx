import { LOADING_COVER_MS } from '@tessera/contract';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, DocumentTitle, Spinner } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './centre.css';

export interface CentrePanelProps<Page extends string> {
  /** The centre's texts, translated: its title, the menu's name, and what a page on its way or refused says. */
  texts: { title: string; menu: string; later: string; unavailable: string };
  /** A page's name in the menu and as the title. */
  pageLabel: (page: Page) => string;
  /** The pages the menu shows, in order. */
  pages: readonly Page[];
  /** Whether what the menu depends on has loaded (until then a cover shows, for up to 3 s). */
  loaded: boolean;
  /** The open page. */
  page: Page;
  screens: Partial<Record<Page, LazyExoticComponent<ComponentType>>>;
  /** A count badge beside a page's entry (the inbox's unread messages, the rewards to claim), shown above 0. */
  badges?: Partial<Record<Page, number>>;
  /** What a screen reader hears for a page's badge count ("3 unread", "2 to claim"). */
  badgeLabel?: (count: number, page: Page) => string;
}

/**
 * A centre of §2 (the member centre, the agent centre): an embedded panel with a menu of the pages the member may
 * see, the open page (the URL's `page` parameter), a loading cover for up to 3 s while what the menu needs loads,
 * and a close button that goes back to where the member came from.
 */
export function CentrePanel<Page extends string>({
  texts,
  pageLabel,
  pages,
  loaded,
  page,
  screens,
  badges = {},
  badgeLabel = String,
}: CentrePanelProps<Page>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const [coverExpired, setCoverExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setCoverExpired(true), LOADING_COVER_MS);
    return () => clearTimeout(timer);
  }, []);
  const Screen: LazyExoticComponent<ComponentType> | undefined = screens[page];
  // Close goes back to the page the member came from, past the centre's own steps (menu, filters); opened
  // directly, it goes home.
  const location = useLocation();
  const arrival = useRef({ cameFromSite: location.key !== 'default', steps: -1 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts each new entry of the centre
  useEffect(() => {
    arrival.current.steps += 1;
  }, [location.key]);
  const close = () => {
    if (arrival.current.cameFromSite) navigate(-(arrival.current.steps + 1));
    else navigate('/index');
  };
  const title = pageLabel(page);
  // On a phone the menu is one scrolling row: the open page's entry is brought into view.
  const menuRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open page or the menu changes
  useEffect(() => {
    menuRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [page, pages.length]);
  return (
    <div className="container mc">
      <DocumentTitle>{`${title} · ${siteName}`}</DocumentTitle>
      <section className="mc__panel" aria-labelledby="mc-title">
        <header className="mc__header">
          <h1 id="mc-title" className="mc__title">
            {texts.title}
          </h1>
          <button
            type="button"
            className="icon-button mc__close"
            aria-label={t('common.close')}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="mc__body">
          <nav ref={menuRef} className="mc__menu" aria-label={texts.menu}>
            <ul>
              {pages.map((key) => (
                <li key={key}>
                  <Link
                    to={{ search: `?page=${key}` }}
                    className="mc__menu-link"
                    aria-current={key === page ? 'page' : undefined}
                  >
                    {pageLabel(key)}
                    <CountBadge
                      count={badges[key] ?? 0}
                      label={badgeLabel(badges[key] ?? 0, key)}
                      className="mc__menu-badge"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mc__content">
            {loaded && !pages.includes(page) ? (
              <div className="mc-later">
                <h2>{title}</h2>
                <p>{texts.unavailable}</p>
              </div>
            ) : Screen ? (
              <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
                <Screen />
              </Suspense>
            ) : (
              <div className="mc-later">
                <h2>{title}</h2>
                <p>{texts.later}</p>
              </div>
            )}
          </div>
          {!loaded && !coverExpired ? (
            <div className="mc__cover" role="status">
              <Spinner />
              <span>{t('common.loading')}</span>
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
