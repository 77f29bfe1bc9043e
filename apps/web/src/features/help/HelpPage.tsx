import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { normalisePath } from '../../app/routes.ts';
import { HeadsetIcon, HelpIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, DocumentTitle } from '../../ui/index.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { useSiteName } from '../site/useSiteName.ts';
import { useHelpCenter } from './queries.ts';
import './help.css';

/**
 * The help centre (§2 /help, and /helpmc without the header): the categories from the server on the left,
 * the chosen category's articles as expandable questions. The category lives in the URL.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { data: categories, isPending, isError } = useHelpCenter();
  const customerService = useCustomerService();
  const standalone = normalisePath(pathname) === '/helpmc';

  const all = categories ?? [];
  const selected = all.find((category) => String(category.id) === params.get('category')) ?? all[0];

  return (
    <div className={standalone ? 'container help help--standalone' : 'container help'}>
      <DocumentTitle>{`${t('pages.help')} · ${siteName}`}</DocumentTitle>
      <header className="page-heading">
        <span className="page-heading__icon">
          <HelpIcon />
        </span>
        <div>
          <h1 className="page-heading__title">{t('pages.help')}</h1>
          <p className="page-heading__text">{t('help.subtitle', { siteName })}</p>
        </div>
      </header>

      {isPending ? <CenteredSpinner label={t('common.loading')} /> : null}
      {isError ? <p className="help__empty">{t('help.error')}</p> : null}
      {categories && all.length === 0 ? <p className="help__empty">{t('help.empty')}</p> : null}

      {selected ? (
        <div className="help__layout">
          <nav className="help__categories" aria-label={t('help.categories')}>
            <ul>
              {all.map((category) => (
                <li key={category.id}>
                  <Link
                    to={{ search: `?category=${category.id}` }}
                    replace
                    className="help__category"
                    aria-current={category.id === selected.id ? 'page' : undefined}
                  >
                    <span>{category.title}</span>
                    <span className="help__count">{category.articles.length}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="help__articles" aria-labelledby="help-category-title">
            <h2 id="help-category-title" className="help__category-title">
              {selected.title}
            </h2>
            {selected.articles.map((article, index) => (
              <details key={article.id} className="help__article" open={index === 0}>
                <summary className="help__question">{article.title}</summary>
                <div
                  className="rich-text help__answer"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: help HTML is sanitised by the server on save (architecture §4)
                  dangerouslySetInnerHTML={{ __html: article.content }}
                />
              </details>
            ))}
          </section>
        </div>
      ) : null}

      <aside className="help__contact">
        <div>
          <h2 className="help__contact-title">{t('help.stillNeedHelp')}</h2>
          <p>{t('help.contactText')}</p>
        </div>
        <Button variant="primary" size="lg" icon={<HeadsetIcon />} onClick={customerService.open}>
          {t('status.customerService')}
        </Button>
        {customerService.dialog}
      </aside>
    </div>
  );
}
