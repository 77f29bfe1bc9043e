import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon, BoltIcon, GlobeIcon, PhoneIcon, ShieldIcon } from '../../ui/icons.tsx';
import { buttonClass, DocumentTitle } from '../../ui/index.ts';
import { NoticeBar } from '../notices/NoticeBar.tsx';
import { useSiteName } from '../site/useSiteName.ts';
import { CategoryArt } from './CategoryArt.tsx';
import { GAME_CATEGORIES, type GameCategoryId } from './categories.ts';
import './home.css';

/** The rails of games come after the first banner, in a chunk of their own (README "first load"). */
const HomeRails = lazy(() => import('./HomeRails.tsx'));

function CategoryTile({ id, path, hot }: { id: GameCategoryId; path: string; hot: boolean }) {
  const { t } = useTranslation();
  // The link's name is what it shows: the category, its hot mark and its description.
  return (
    <li className={`category-tile category-tile--${id}`}>
      <Link to={path} className="category-tile__link">
        <CategoryArt id={id} />
        <span className="category-tile__text">
          <span className="category-tile__name">{t(`categories.${id}.name`)}</span>
          {hot ? <span className="category-tile__badge">{t('home.hot')}</span> : null}
          <span className="category-tile__description">{t(`categories.${id}.description`)}</span>
        </span>
        <span className="category-tile__cta" aria-hidden="true">
          {t('home.playNow')}
          <ArrowRightIcon />
        </span>
      </Link>
    </li>
  );
}

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="feature">
      <span className="feature__icon">{icon}</span>
      <h3 className="feature__title">{title}</h3>
      <p className="feature__text">{text}</p>
    </li>
  );
}

/**
 * The home page (§2 /index): notices, a one-line introduction, rails of games (hot, recently played, the next
 * draws, new, jackpots, the latest big wins), the game categories and what the site offers.
 */
export function HomePage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <div className="container home">
      <DocumentTitle>{siteName}</DocumentTitle>
      <NoticeBar />

      <section className="home-intro" aria-labelledby="home-title">
        <h1 id="home-title" className="home-intro__title">
          {t('home.title')}
        </h1>
        <p className="home-intro__subtitle">{t('home.subtitle')}</p>
      </section>

      <Suspense fallback={<div className="home-rails home-rails--loading" aria-busy="true" />}>
        <HomeRails />
      </Suspense>

      <section className="home-section" aria-labelledby="home-categories">
        <h2 id="home-categories" className="home-section__title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="category-grid">
          {GAME_CATEGORIES.map((category) => (
            <CategoryTile key={category.id} {...category} />
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="home-features">
        <h2 id="home-features" className="home-section__title">
          {t('home.featuresTitle', { siteName })}
        </h2>
        <ul className="feature-grid">
          <Feature
            icon={<BoltIcon />}
            title={t('home.features.payouts.title')}
            text={t('home.features.payouts.text')}
          />
          <Feature
            icon={<ShieldIcon />}
            title={t('home.features.secure.title')}
            text={t('home.features.secure.text')}
          />
          <Feature
            icon={<GlobeIcon />}
            title={t('home.features.support.title')}
            text={t('home.features.support.text')}
          />
        </ul>
      </section>

      <section className="app-promo" aria-labelledby="home-app">
        <span className="app-promo__icon">
          <PhoneIcon />
        </span>
        <div className="app-promo__text">
          <h2 id="home-app" className="app-promo__title">
            {t('home.app.title')}
          </h2>
          <p>{t('home.app.text')}</p>
        </div>
        <Link to="/down" className={buttonClass('accent', 'lg')}>
          {t('home.app.cta')}
        </Link>
      </section>
    </div>
  );
}
