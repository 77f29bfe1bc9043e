import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { HeadsetIcon } from '../../ui/icons.tsx';
import { DocumentTitle } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { accountKind } from '../auth/gate.ts';
import { useSiteName } from '../site/useSiteName.ts';
import SupportChat from './SupportChat.tsx';

/**
 * /support: the built-in customer service on a page of its own, what the customer-service link opens in a window
 * of its own (the status answer's type-3 path, and the chat room's launch link). A visitor gets the login modal, a
 * trial account the real-account warning (§4).
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const kind = accountKind(session);
  const siteName = useSiteName();
  useEffect(() => {
    if (kind === 'visitor') openAuthModal('login');
    if (kind === 'trial') openAuthModal('needRealAccount');
  }, [kind]);
  return (
    <main className="support-page">
      <DocumentTitle>{`${t('pages.support')} · ${siteName}`}</DocumentTitle>
      <h1 className="support-page__title">
        <HeadsetIcon />
        {t('status.customerService')}
      </h1>
      {kind === 'member' || kind === 'agent' ? <SupportChat /> : <p>{t('support.signInFirst')}</p>}
    </main>
  );
}
