import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { DocumentTitle } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { ChatWindow } from './ChatWindow.tsx';

/**
 * /chat: the chat room on a page of its own, the page CBS_launchChat names (`title`, `headerColor` from its query),
 * which the original's floating window embeds. A visitor is asked to log in.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [search] = useSearchParams();
  const color = search.get('headerColor');
  const siteName = useSiteName();
  const title = <DocumentTitle>{`${search.get('title') || t('pages.chat')} · ${siteName}`}</DocumentTitle>;
  useEffect(() => {
    if (!token) openAuthModal('login');
  }, [token]);
  if (!token)
    return (
      <p className="chat-live">
        {title}
        {t('chat.signIn')}
      </p>
    );
  return (
    <>
      {title}
      <ChatWindow
        open
        onClose={() => {}}
        page={{
          title: search.get('title'),
          headerColor: color && /^[0-9a-fA-F]{3,8}$/.test(color) ? color : null,
        }}
      />
    </>
  );
}
