import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, CHAT_STICKERS, type ChatMessage, type ChatSticker, chatTopic } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { connectRealtime, realtimeUrl } from '@tessera/ui/realtime';
import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { chatEndpoints } from '../../app/endpoints.ts';
import { lazyPage } from '../../app/lazyPage.ts';
import { endSession, getToken, useSession } from '../../app/session.ts';
import { CountBadge } from '../../ui/CountBadge.tsx';
import {
  CloseIcon,
  FullscreenIcon,
  MinimiseIcon,
  SendIcon,
  ShrinkIcon,
  StickerIcon,
} from '../../ui/icons.tsx';
import { onHideChatWindow } from './chatWindowEvents.ts';
import { chatKey, chatMessagesQuery, chatRoomsQuery, chatUnreadQuery } from './queries.ts';
import './chat.css';

/** Cards of red envelopes and shared bets: loaded with the first one shown (they draw on the book's names). */
const ChatCard = lazyPage(() => import('./ChatCards.tsx'));

/** The built-in stickers, drawn as emoji. */
const STICKER_GLYPHS: Record<ChatSticker, string> = {
  thumbs_up: '👍',
  heart: '❤️',
  laugh: '😂',
  fire: '🔥',
  clap: '👏',
  money: '💰',
  trophy: '🏆',
  wow: '😮',
};

/**
 * The chat room's floating window (§2): hide (a bubble with the unread count stays), enlarge, close. Messages
 * arrive over the window's own /ws connection, subscribed to the room's topic; they are rendered as text, never
 * as HTML.
 */
export function ChatWindow({
  open,
  onClose,
  page,
}: {
  open: boolean;
  onClose: () => void;
  /** The page CBS_launchChat names (/chat): the window fills it, titled and coloured as the caller asked. */
  page?: { title: string | null; headerColor: string | null };
}) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState(false);
  const [large, setLarge] = useState(false);
  const [stickers, setStickers] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rooms = useQuery({ ...chatRoomsQuery(token), enabled: open && token !== null });
  const room = rooms.data?.[0] ?? null;
  const roomId = room?.roomId ?? null;
  const messages = useQuery({ ...chatMessagesQuery(token, roomId), enabled: open && roomId !== null });
  const { data: unread = 0 } = useQuery({ ...chatUnreadQuery(token), enabled: open && token !== null });
  const list = messages.data?.list ?? [];
  const lastId = list.at(-1)?.id ?? 0;
  const endRef = useRef<HTMLLIElement>(null);

  // A card that takes the member to the game or the slip folds the floating window into its bubble, so that it
  // does not cover what the member was taken to (the room's own page keeps it).
  useEffect(() => (page ? undefined : onHideChatWindow(() => setHidden(true))), [page]);

  // The room's messages in real time over a connection of the window's own, subscribed to the room's topic.
  useEffect(() => {
    if (!open || roomId === null) return;
    const key = chatMessagesQuery(getToken(), roomId).queryKey;
    return connectRealtime({
      url: realtimeUrl(),
      token: getToken,
      topics: () => [chatTopic(roomId)],
      onSessionEnded: endSession,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: key }),
      onEvent: (event) => {
        if (event.type === 'chat.message' && event.message.roomId === roomId) {
          queryClient.setQueryData(key, (current) =>
            current && !current.list.some((message) => message.id === event.message.id)
              ? { ...current, list: [...current.list, event.message].slice(-CHAT_LIMITS.historyPage * 2) }
              : current,
          );
          void queryClient.invalidateQueries({ queryKey: chatUnreadQuery(getToken()).queryKey });
        }
        if (event.type === 'chat.hidden' || event.type === 'chat.room' || event.type === 'chat.restricted') {
          void queryClient.invalidateQueries({ queryKey: chatKey(getToken()) });
        }
      },
    });
  }, [open, roomId, queryClient]);

  // What the member sees while the window shows is read.
  useEffect(() => {
    if (!open || hidden || roomId === null || lastId === 0) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    void api(chatEndpoints.read, { params: { id: roomId }, body: { lastId } }).then((answer) =>
      queryClient.setQueryData(chatUnreadQuery(getToken()).queryKey, answer.unReadCount),
    );
  }, [open, hidden, roomId, lastId, queryClient]);

  const send = useMutation({
    mutationFn: (body: { kind: 'text'; text: string } | { kind: 'sticker'; text: ChatSticker }) =>
      api(chatEndpoints.send, { params: { id: roomId as number }, body }),
    onSuccess: (message: ChatMessage) => {
      setError(null);
      setText('');
      setStickers(false);
      queryClient.setQueryData(chatMessagesQuery(token, roomId).queryKey, (current) =>
        current && !current.list.some((known) => known.id === message.id)
          ? { ...current, list: [...current.list, message] }
          : current,
      );
    },
    onError: (failure) => setError(errorText(t, failure)),
  });

  if (!open) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && roomId !== null) send.mutate({ kind: 'text', text: text.trim() });
  };
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const title = page?.title || room?.name || t('chat.title');

  if (hidden) {
    return createPortal(
      <button type="button" className="chat-bubble" onClick={() => setHidden(false)}>
        <span>{t('chat.show', { room: title })}</span>
        <CountBadge
          count={unread}
          label={t('chat.unread', { count: unread })}
          className="chat-bubble__badge"
        />
      </button>,
      document.body,
    );
  }

  const window = (
    <section
      className={page ? 'chat-window is-page' : large ? 'chat-window is-large' : 'chat-window'}
      aria-label={title}
    >
      <header
        className="chat-window__header"
        style={page?.headerColor ? { background: `#${page.headerColor}` } : undefined}
      >
        <h2 className="chat-window__title">{title}</h2>
        {page ? null : (
          <>
            <button
              type="button"
              className="chat-window__tool"
              aria-label={t('chat.hide')}
              title={t('chat.hide')}
              onClick={() => setHidden(true)}
            >
              <MinimiseIcon />
            </button>
            <button
              type="button"
              className="chat-window__tool"
              aria-label={large ? t('chat.shrink') : t('chat.enlarge')}
              title={large ? t('chat.shrink') : t('chat.enlarge')}
              aria-pressed={large}
              onClick={() => setLarge(!large)}
            >
              {large ? <ShrinkIcon /> : <FullscreenIcon />}
            </button>
            <button
              type="button"
              className="chat-window__tool"
              aria-label={t('chat.close')}
              title={t('chat.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </>
        )}
      </header>
      {room?.notice ? <p className="chat-window__notice">{room.notice}</p> : null}
      {rooms.isSuccess && room === null ? (
        <p className="chat-window__empty">{t('chat.noRoom')}</p>
      ) : (
        <ol className="chat-window__messages" aria-label={t('chat.messages')} aria-live="polite">
          {list.map((message) => (
            <li
              key={message.id}
              className={message.kind === 'notice' ? 'chat-message is-notice' : 'chat-message'}
            >
              <span className="chat-message__author">
                {message.author}
                {message.moderator ? <span className="chat-message__role">{t('chat.moderator')}</span> : null}
              </span>
              <time className="chat-message__time" dateTime={message.createdAt}>
                {time.format(new Date(message.createdAt))}
              </time>
              {message.kind === 'envelope' || message.kind === 'bet' ? (
                <Suspense fallback={null}>
                  <ChatCard message={message} />
                </Suspense>
              ) : message.kind === 'win' && message.card && 'player' in message.card ? (
                <p className="chat-message__text chat-message__win">
                  {t('chat.bigWin', {
                    player: message.card.player,
                    amount: money.format(message.card.amount),
                    game: message.card.game,
                  })}
                </p>
              ) : message.kind === 'sticker' ? (
                <span
                  className="chat-message__sticker"
                  role="img"
                  aria-label={t(`chat.stickers.${message.text as ChatSticker}`)}
                >
                  {STICKER_GLYPHS[message.text as ChatSticker] ?? message.text}
                </span>
              ) : (
                <p className="chat-message__text">{message.text}</p>
              )}
            </li>
          ))}
          <li ref={endRef} aria-hidden="true" />
        </ol>
      )}
      {error ? (
        <p className="chat-window__error" role="alert">
          {error}
        </p>
      ) : null}
      {stickers ? (
        <fieldset className="chat-window__stickers">
          <legend className="visually-hidden">{t('chat.stickersLabel')}</legend>
          {CHAT_STICKERS.map((sticker) => (
            <button
              key={sticker}
              type="button"
              aria-label={t(`chat.stickers.${sticker}`)}
              onClick={() => send.mutate({ kind: 'sticker', text: sticker })}
            >
              {STICKER_GLYPHS[sticker]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <form className="chat-window__form" onSubmit={submit}>
        <button
          type="button"
          className="chat-window__tool"
          aria-label={t('chat.stickersLabel')}
          aria-expanded={stickers}
          onClick={() => setStickers(!stickers)}
          disabled={roomId === null}
        >
          <StickerIcon />
        </button>
        <input
          className="chat-window__input"
          aria-label={t('chat.message')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={CHAT_LIMITS.textMax}
          onChange={(event) => setText(event.target.value)}
          disabled={roomId === null}
        />
        <button
          type="submit"
          className="chat-window__tool"
          aria-label={t('chat.send')}
          disabled={roomId === null || send.isPending}
        >
          <SendIcon />
        </button>
      </form>
    </section>
  );
  // On the page's body: the right bar that opens it is transformed, which would hold a fixed window inside it.
  return page ? window : createPortal(window, document.body);
}
