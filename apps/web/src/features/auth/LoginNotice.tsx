import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CheckIcon, CloseIcon } from '../../ui/icons.tsx';
import { usePostLoginModalRequested } from '../announcements/postLoginModal.ts';
import { showNotice, useNotice } from './notice.ts';

const SHOWN_MS = 12_000;

/**
 * The note at the top of the page after a login (§4: the previous login time, and a welcome on the first
 * login) or a password change. It is a polite live region, and goes away by itself or with its close button.
 */
export function LoginNotice() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  // The post-login announcements come first: the welcome waits until they are closed, rather than lie under them.
  const waiting = usePostLoginModalRequested();
  const latest = useNotice();
  const notice = waiting ? null : latest;

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => showNotice(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  let text: string | null = null;
  let detail: string | null = null;
  if (notice?.kind === 'welcome') {
    text = notice.firstTime
      ? t('auth.notice.welcomeFirst', { name: notice.name })
      : t('auth.notice.welcomeBack', { name: notice.name });
    detail = notice.previousLoginAt
      ? t('auth.notice.previousLogin', {
          time: formatDateTime(notice.previousLoginAt, locale),
          ip: notice.previousLoginIp ?? '—',
        })
      : null;
  } else if (notice?.kind === 'passwordChanged') {
    text = t('auth.notice.passwordChanged');
  }

  return (
    <div className="auth-notice" role="status" aria-live="polite">
      {text ? (
        <div className="auth-notice__card">
          <span className="auth-notice__icon">
            <CheckIcon />
          </span>
          <p className="auth-notice__text">
            <strong>{text}</strong>
            {detail ? <span>{detail}</span> : null}
          </p>
          <button
            type="button"
            className="auth-notice__close"
            aria-label={t('auth.notice.dismiss')}
            onClick={() => showNotice(null)}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}
