import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { chatEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { DocumentTitle } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useSiteName } from '../site/useSiteName.ts';

interface ChatwootWindow {
  chatwootSDK?: { run: (settings: { websiteToken: string; baseUrl: string }) => void };
  $chatwoot?: {
    setUser: (identifier: string, attributes: { name: string; identifier_hash: string }) => void;
    setLocale: (locale: string) => void;
    toggle: (state?: 'open' | 'close') => void;
  };
}

/**
 * /chat/live: the live chat the console chose, for a signed-in member only. For Chatwoot it loads the widget's
 * script and boots it with the member's identifier and the identity hash the server computed (the HMAC token never
 * reaches the browser); for the built-in one it goes to its page.
 */
export default function LiveChatPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const siteName = useSiteName();
  const [state, setState] = useState<'loading' | 'open' | 'failed'>('loading');
  const launch = useQuery({
    queryKey: ['member', token, 'chat', 'live'],
    queryFn: ({ signal }) => api(chatEndpoints.liveLaunch, { signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!token) openAuthModal('login');
  }, [token]);
  useEffect(() => {
    const answer = launch.data;
    if (!answer) return;
    if (!answer.widget) {
      if (!answer.chatUrl) return;
      // The built-in chat is a page of this site: the router opens it without reloading the app.
      const target = new URL(answer.chatUrl, window.location.href);
      if (target.origin === window.location.origin)
        navigate(`${target.pathname}${target.search}`, { replace: true });
      else window.location.assign(target.href);
      return;
    }
    const { baseUrl, websiteToken, identifier, identifierHash, name, locale } = answer.widget;
    const host = window as unknown as ChatwootWindow;
    const script = document.createElement('script');
    script.src = `${baseUrl}/packs/js/sdk.js`;
    script.async = true;
    const ready = () => {
      host.$chatwoot?.setUser(identifier, { name, identifier_hash: identifierHash });
      host.$chatwoot?.setLocale(locale);
      host.$chatwoot?.toggle('open');
      setState('open');
    };
    window.addEventListener('chatwoot:ready', ready, { once: true });
    script.onload = () => host.chatwootSDK?.run({ websiteToken, baseUrl });
    // §8: a chat-service failure is logged and the chat closed.
    script.onerror = () => {
      console.warn('The live chat could not load');
      setState('failed');
    };
    document.body.appendChild(script);
    return () => {
      window.removeEventListener('chatwoot:ready', ready);
      script.remove();
    };
  }, [launch.data, navigate]);
  const failed = state === 'failed' || launch.isError;
  return (
    <p className="chat-live" role="status">
      <DocumentTitle>{`${t('pages.liveChat')} · ${siteName}`}</DocumentTitle>
      {!token
        ? t('chat.signIn')
        : failed
          ? t('chat.liveFailed')
          : state === 'open'
            ? t('chat.liveOpen')
            : t('chat.liveLoading')}
    </p>
  );
}
