import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner } from '../../../ui/index.ts';
import { useNotices } from '../../notices/queries.ts';
import '../../wallet/wallet.css';
import './agent-pages.css';

/**
 * Announcement (agentAnnouncement): the site's announcements (the notices of /noticePage). The content area has
 * no audience for agents (announcement audiences are all, noMobile and noDeposit), so agents read what every
 * member reads; each opens in place.
 */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const notices = useNotices();
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.agentAnnouncement')}</h2>
      <p className="agent-lead">{t('agentCentre.announcement.lead')}</p>
      {notices.isError ? <FormMessage tone="error">{errorText(t, notices.error)}</FormMessage> : null}
      {!notices.data ? (
        notices.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : notices.data.length === 0 ? (
        <p className="wallet-empty">{t('agentCentre.announcement.empty')}</p>
      ) : (
        <ul className="agent-notices">
          {notices.data.map((notice, index) => (
            <li key={notice.id}>
              <details className="agent-notice" open={index === 0}>
                <summary>
                  <span className="agent-notice__title">{notice.title}</span>
                  <span className="agent-notice__date">{formatDateTime(notice.createdAt, locale)}</span>
                </summary>
                <div
                  className="rich-text agent-notice__content"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: notice HTML is sanitised by the server on save (architecture §4)
                  dangerouslySetInnerHTML={{ __html: notice.content }}
                />
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
