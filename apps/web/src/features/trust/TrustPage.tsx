import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, DocumentTitle } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import type { TrustContent, TrustKind } from './document.ts';
import './trust.css';

/** Each language's text loads with the page that shows it, not with the site. */
const loaders = {
  en: async () => (await import('./content/en.ts')).en,
  vi: async () => (await import('./content/vi.ts')).vi,
  zh: async () => (await import('./content/zh.ts')).zh,
} satisfies Record<string, () => Promise<TrustContent>>;

/** The terms and conditions, or the responsible gaming page, in the site's language. */
export default function TrustPage({ kind }: { kind: TrustKind }) {
  const { t, i18n } = useTranslation();
  const siteName = useSiteName();
  const language: keyof typeof loaders =
    i18n.language === 'vi' || i18n.language === 'zh' ? i18n.language : 'en';
  const { data: content } = useQuery({
    queryKey: ['trust', language],
    queryFn: loaders[language],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const document = content?.[kind];

  return (
    <div className="container trust">
      {document ? <DocumentTitle>{`${document.title} · ${siteName}`}</DocumentTitle> : null}
      {document ? (
        <article aria-labelledby="trust-title">
          <header className="page-heading">
            <span className="page-heading__icon">
              <ShieldIcon />
            </span>
            <div>
              <h1 id="trust-title" className="page-heading__title">
                {document.title}
              </h1>
              <p className="page-heading__text">{document.intro}</p>
            </div>
          </header>
          {kind === 'responsibleGaming' ? (
            <p className="trust__age">
              <span className="age-badge" aria-hidden="true">
                {t('footer.ageBadge')}
              </span>
              {t('footer.ageText')}
            </p>
          ) : null}
          {document.sections.map((section) => (
            <section key={section.heading} className="trust__section">
              <h2 className="trust__heading">{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul className="trust__list">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.links ? (
                <ul className="trust__links">
                  {section.links.map((link) => (
                    <li key={link.href}>
                      {link.href.startsWith('/') ? (
                        <Link to={link.href}>{link.label}</Link>
                      ) : (
                        <a href={link.href} target="_blank" rel="noopener noreferrer">
                          {link.label}
                        </a>
                      )}
                      <span>{link.note}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p className="trust__updated">{document.updated}</p>
        </article>
      ) : (
        <CenteredSpinner label={t('common.loading')} />
      )}
    </div>
  );
}
