import { isSiteLink } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../header/BrandMark.tsx';
import { LanguageSelector } from '../header/LanguageSelector.tsx';
import { useWhitelabel } from '../site/queries.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './footer.css';

function ResponsibleGamingLink({ url, children }: { url: string; children: string }) {
  if (!isSiteLink(url)) return null;
  if (url.startsWith('/')) return <Link to={url}>{children}</Link>;
  if (!/^https?:\/\//i.test(url)) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The site footer: links, the 18+ notice, the licence text and responsible gaming. */
export function Footer() {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const siteName = useSiteName();
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <BrandMark />
          {whitelabel?.licenceText ? <p className="site-footer__licence">{whitelabel.licenceText}</p> : null}
        </div>

        <nav className="site-footer__column" aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t('footer.linksTitle')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/promotions">{t('footer.promotions')}</Link>
            </li>
            <li>
              <Link to="/noticePage">{t('footer.announcements')}</Link>
            </li>
            <li>
              <Link to="/join">{t('footer.joinUs')}</Link>
            </li>
            <li>
              <Link to="/down">{t('footer.download')}</Link>
            </li>
            <li>
              <Link to="/help">{t('footer.help')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.responsibleTitle')}</h2>
          <div className="site-footer__age">
            <span className="age-badge" role="img" aria-label={t('footer.ageLabel')}>
              {t('footer.ageBadge')}
            </span>
            <p>{t('footer.ageText')}</p>
          </div>
          <p className="site-footer__responsible">
            <ResponsibleGamingLink url={whitelabel?.responsibleGamingUrl || '/responsible-gaming'}>
              {t('footer.responsibleGaming')}
            </ResponsibleGamingLink>
          </p>
          <div className="site-footer__language">
            <span>{t('footer.language')}</span>
            <LanguageSelector placement="inline" />
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p className="container">{t('footer.copyright', { year, siteName })}</p>
      </div>
    </footer>
  );
}
