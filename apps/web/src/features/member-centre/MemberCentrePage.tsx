import { LOADING_COVER_MS } from '@tessera/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, Spinner } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { isMemberCentrePage, type MemberCentrePage } from './menu.ts';
import { PAGE_SCREENS } from './pages.tsx';
import { useMemberCentreMenu } from './useMemberCentreMenu.ts';
import './member-centre.css';

/** A page of the menu that later work builds: its name and what it will hold. */
function LaterPage({ page }: { page: MemberCentrePage }) {
  const { t } = useTranslation();
  return (
    <div className="mc-later">
      <h2>{t(`memberCentre.pages.${page}`)}</h2>
      <p>{t('memberCentre.later')}</p>
    </div>
  );
}

/**
 * The member centre (§2): an embedded panel with a menu of the pages the member may see, the page of the URL's
 * `page` parameter, a loading cover for up to 3 s while what the menu needs loads, and a close button that goes
 * back to where the member came from.
 */
export default function MemberCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const [params] = useSearchParams();
  const { pages, loaded } = useMemberCentreMenu();
  const [coverExpired, setCoverExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setCoverExpired(true), LOADING_COVER_MS);
    return () => clearTimeout(timer);
  }, []);
  const asked = params.get('page');
  const page: MemberCentrePage = isMemberCentrePage(asked) ? asked : 'securityCenter';
  const Screen = PAGE_SCREENS[page];
  // Close goes back to the page the member came from, past the member centre's own steps (menu, filters);
  // opened directly, it goes home.
  const location = useLocation();
  const arrival = useRef({ cameFromSite: location.key !== 'default', steps: -1 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts each new entry of the member centre
  useEffect(() => {
    arrival.current.steps += 1;
  }, [location.key]);
  const close = () => {
    if (arrival.current.cameFromSite) navigate(-(arrival.current.steps + 1));
    else navigate('/index');
  };
  const title = t(`memberCentre.pages.${page}`);
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
      <title>{`${title} · ${siteName}`}</title>
      <section className="mc__panel" aria-labelledby="mc-title">
        <header className="mc__header">
          <h1 id="mc-title" className="mc__title">
            {t('memberCentre.title')}
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
          <nav ref={menuRef} className="mc__menu" aria-label={t('memberCentre.menu')}>
            <ul>
              {pages.map((key) => (
                <li key={key}>
                  <Link
                    to={{ search: `?page=${key}` }}
                    className="mc__menu-link"
                    aria-current={key === page ? 'page' : undefined}
                  >
                    {t(`memberCentre.pages.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mc__content">
            {loaded && !pages.includes(page) ? (
              <div className="mc-later">
                <h2>{title}</h2>
                <p>{t('memberCentre.unavailable')}</p>
              </div>
            ) : Screen ? (
              <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
                <Screen />
              </Suspense>
            ) : (
              <LaterPage page={page} />
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
