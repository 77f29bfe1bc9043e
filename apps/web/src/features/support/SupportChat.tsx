import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MemberSupport, SUPPORT_LIMITS, supportMessageBody } from '@tessera/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { supportEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { type ChosenImage, ImagePicker } from '../../ui/ImagePicker.tsx';
import { CheckIcon, ClockIcon, HeadsetIcon, SendIcon, StarIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner } from '../../ui/index.ts';
import { refusal, schemaText } from '../auth/validation.ts';
import { supportChatQuery } from './queries.ts';
import { SupportImage } from './SupportImage.tsx';
import { useOperatorTyping } from './supportPanel.ts';
import './support.css';

/** How often, at most, the member's typing is told to the operator. */
const TYPING_EVERY_MS = 3000;

/**
 * The built-in customer-service chat (issue 26): the member's latest conversation with its history, the operator's
 * typing sign and read receipts, a note outside business hours (the message waits for the operators), the rating
 * of a resolved conversation, and the box to write in. New messages come over /ws (useRealtimeRefresh).
 */
export default function SupportChat() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const query = supportChatQuery(token);
  const chat = useQuery(query);
  const typing = useOperatorTyping();
  const locale = useDateLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const listRef = useRef<HTMLOListElement>(null);
  const lastTyping = useRef(0);
  const inputId = useId();
  const put = (data: MemberSupport) => queryClient.setQueryData(query.queryKey, data);

  const [files, setFiles] = useState<ChosenImage[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<{ text: string }>({
    // With images the text may be empty.
    resolver: (values, context, options) =>
      files.length > 0 ? { values, errors: {} } : zodResolver(supportMessageBody)(values, context, options),
    defaultValues: { text: '' },
  });
  const send = useMutation({
    mutationFn: (body: { text: string }) => {
      if (files.length === 0) return api(supportEndpoints.send, { body });
      const data = new FormData();
      data.set('text', body.text);
      for (const { file } of files) data.append('image', file);
      return api(supportEndpoints.sendImages, { body: data });
    },
    onSuccess: (data) => {
      put(data);
      form.reset({ text: '' });
      setFiles([]);
      setAttaching(false);
    },
  });
  const read = useMutation({
    mutationFn: () => api(supportEndpoints.read, {}),
    onSuccess: ({ unread }) => {
      const current = queryClient.getQueryData(query.queryKey);
      if (current) put({ ...current, unread });
    },
  });
  const rate = useMutation({
    mutationFn: (input: { id: number; rating: number }) =>
      api(supportEndpoints.rate, { params: { id: input.id }, body: { rating: input.rating } }),
    onSuccess: put,
  });

  const data = chat.data;
  const messages = data?.conversation?.messages ?? [];
  const unread = data?.unread ?? 0;

  // What the member sees while the chat is open is read (the operator gets the receipt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the count changes
  useEffect(() => {
    if (unread > 0 && !read.isPending) read.mutate();
  }, [unread]);

  // The newest message (or the typing sign) in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled when a message or the sign comes
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, typing]);

  function typed() {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    api(supportEndpoints.typing, {}).catch(() => undefined);
  }

  if (chat.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (chat.isError) {
    return (
      <div className="support-chat__failed">
        <FormMessage tone="error">{refusal(t, chat.error).message}</FormMessage>
        <Button onClick={() => void chat.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }

  const conversation = data?.conversation ?? null;
  const lastReadMine = messages.findLast((message) => message.sender === 'member' && message.read)?.id;
  const refused = refusal(t, send.error, { shown: ['text'] });
  const fieldError =
    schemaText(t, form.formState.errors.text, { value: form.watch('text') }) ?? refused.fields.text;
  const sendError = fieldError ?? (send.isError ? refused.message : null);

  return (
    <section className="support-chat" aria-label={t('status.customerService')}>
      {data && !data.withinHours ? (
        <p className="support-chat__offline" role="note">
          <ClockIcon />
          {t('support.offline')}
        </p>
      ) : null}
      <ol
        ref={listRef}
        className="support-chat__messages"
        aria-live="polite"
        aria-label={t('support.messages')}
      >
        {messages.length === 0 ? (
          <li className="support-chat__welcome">
            <span className="support-chat__avatar">
              <HeadsetIcon />
            </span>
            <p>{t('support.welcome')}</p>
          </li>
        ) : null}
        {messages.map((message) => {
          const mine = message.sender === 'member';
          return (
            <li key={message.id} className={mine ? 'support-msg support-msg--mine' : 'support-msg'}>
              <span className="support-msg__who">{mine ? t('support.you') : t('support.agent')}</span>
              {message.body ? <p className="support-msg__body">{message.body}</p> : null}
              {message.images.length > 0 ? (
                <span className="support-msg__images">
                  {message.images.map((id, index) => (
                    <SupportImage key={id} id={id} index={index} />
                  ))}
                </span>
              ) : null}
              <span className="support-msg__meta">
                <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
                {mine && message.id === lastReadMine ? (
                  <span className="support-msg__read">
                    <CheckIcon />
                    {t('support.read')}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
        {typing ? (
          <li className="support-chat__typing" aria-live="polite">
            {t('support.typing')}
          </li>
        ) : null}
      </ol>
      {conversation?.status === 'resolved' ? (
        <div className="support-chat__resolved">
          <p>{t('support.resolved')}</p>
          {conversation.canRate ? (
            <fieldset className="support-rating">
              <legend>{t('support.rateQuestion')}</legend>
              <div className="support-rating__stars">
                {[1, 2, 3, 4, 5].map((value) => (
                  <button
                    key={value}
                    type="button"
                    className="support-rating__star"
                    aria-label={t('support.rateValue', { count: value })}
                    disabled={rate.isPending}
                    onClick={() => rate.mutate({ id: conversation.id, rating: value })}
                  >
                    <StarIcon filled={false} />
                  </button>
                ))}
              </div>
            </fieldset>
          ) : conversation.rating !== null ? (
            <p className="support-rating__thanks">{t('support.rated', { count: conversation.rating })}</p>
          ) : null}
        </div>
      ) : null}
      <form
        className="support-chat__composer"
        noValidate
        onSubmit={(event) => {
          send.reset();
          void form.handleSubmit((body) => send.mutate(body))(event);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('support.message')}
        </label>
        <textarea
          id={inputId}
          className="support-chat__input"
          rows={2}
          maxLength={SUPPORT_LIMITS.messageMax}
          placeholder={t('support.placeholder')}
          aria-invalid={sendError ? true : undefined}
          {...form.register('text', { onChange: typed })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Button type="submit" variant="primary" icon={<SendIcon />} loading={send.isPending}>
          {t('support.send')}
        </Button>
        {attaching ? (
          <div className="support-chat__attach">
            <ImagePicker
              label={t('support.images')}
              hint={t('support.imagesHint')}
              limits={{
                types: ['image/png', 'image/jpeg'],
                maxBytes: SUPPORT_LIMITS.imageBytesMax,
                maxFiles: SUPPORT_LIMITS.imagesMax,
              }}
              messages={{
                tooMany: t('support.tooManyImages'),
                wrongType: t('support.wrongImageType'),
                tooLarge: t('support.imageTooLarge'),
              }}
              removeText={t('support.removeImage')}
              removeLabel={(name) => t('support.removeImageNamed', { name })}
              files={files}
              onFiles={setFiles}
              error={fileError}
              onError={setFileError}
            />
          </div>
        ) : (
          <button type="button" className="support-chat__attach-toggle" onClick={() => setAttaching(true)}>
            {t('support.attach')}
          </button>
        )}
        {sendError ? (
          <p className="support-chat__error field__error" role="alert">
            {sendError}
          </p>
        ) : null}
      </form>
    </section>
  );
}
