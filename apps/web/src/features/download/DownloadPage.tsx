import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resource } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';
import { DownloadIcon, ExternalIcon, PhoneIcon } from '../../ui/icons.tsx';
import { buttonClass, CenteredSpinner, DocumentTitle, LazyImage } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './download.css';

const routersQuery = queryOptions({
  queryKey: ['system', 'routers'],
  queryFn: ({ signal }) => api(endpoints.routers, { signal }),
});

/** Whether a resource is an installable app (a download) or a site to open. */
function isApp(resource: Resource): boolean {
  return resource.resourceType === 'ios' || resource.resourceType === 'android';
}

function ResourceCard({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const safeUrl = /^https?:\/\//i.test(resource.url) ? resource.url : '';
  return (
    <li className={`download-card download-card--${resource.resourceType}`}>
      <div className="download-card__head">
        <span className="download-card__icon">
          <PhoneIcon />
        </span>
        <h2 className="download-card__title">{resource.title}</h2>
      </div>
      {resource.qrCodeUrl ? (
        <div className="download-card__qr">
          <LazyImage
            src={resource.qrCodeUrl}
            alt={t('download.qrFor', { title: resource.title })}
            width={168}
            height={168}
          />
        </div>
      ) : null}
      <p className="download-card__hint">{t('download.scan')}</p>
      {safeUrl ? (
        <a
          href={safeUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass(isApp(resource) ? 'primary' : 'secondary', 'lg', 'download-card__link')}
          aria-label={
            isApp(resource)
              ? t('download.downloadFor', { title: resource.title })
              : t('download.openFor', { title: resource.title })
          }
        >
          {isApp(resource) ? <DownloadIcon /> : <ExternalIcon />}
          {isApp(resource) ? t('download.download') : t('download.open')}
        </a>
      ) : null}
    </li>
  );
}

/** App download (§2 /down, also /download): a QR code and a link for each resource. */
export default function DownloadPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { data, isPending, isError } = useQuery(routersQuery);
  const resources = data?.resources ?? [];

  return (
    <div className="container download">
      <DocumentTitle>{`${t('pages.down')} · ${siteName}`}</DocumentTitle>
      <section className="download-hero" aria-labelledby="download-title">
        <p className="download-hero__eyebrow">{t('pages.down')}</p>
        <h1 id="download-title" className="download-hero__title">
          {t('download.title', { siteName })}
        </h1>
        <p className="download-hero__text">{t('download.text')}</p>
      </section>
      {isPending ? <CenteredSpinner label={t('common.loading')} /> : null}
      {isError || (data && resources.length === 0) ? (
        <p className="download__empty">{t('download.empty')}</p>
      ) : null}
      {resources.length > 0 ? (
        <ul className="download__grid">
          {resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
