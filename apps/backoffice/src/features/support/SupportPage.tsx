import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  supportConsoleEndpoints as bo,
  SUPPORT_LIMITS,
  SUPPORT_STATUSES,
  SUPPORT_TEAMS,
  type SupportConversation,
  type SupportQueues,
  type SupportTeam,
} from '@tessera/contract';
import { PrivateImage } from '@tessera/ui';
import { connectRealtime, realtimeUrl } from '@tessera/ui/realtime';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormError } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { endSession, getToken, useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Checkbox, Switch } from '../../ui/Checkbox.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { SupportSettings } from './SupportSettings.tsx';
import { SupportStats } from './SupportStats.tsx';
import './support.css';

const STATUS_TONES = { open: 'success', pending: 'warning', resolved: 'neutral' } as const;
/** How long the member's typing sign stays after the last push. */
const TYPING_SHOWN_MS = 4000;
/** How often, at most, the operator's typing is told to the member. */
const TYPING_EVERY_MS = 3000;

const queuesKey = [bo.queues.path] as const;
const conversationKey = (id: number) => [bo.conversation.path, id] as const;

/**
 * The support workspace (issue 26): the operator's availability, the queues per team, the conversation with its
 * notes, canned replies, transfer and resolve, and the member's card beside it; all in real time over /ws.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const team = (SUPPORT_TEAMS as readonly string[]).includes(params.get('team') ?? '')
    ? (params.get('team') as SupportTeam)
    : undefined;
  const status = (SUPPORT_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as (typeof SUPPORT_STATUSES)[number])
    : undefined;
  const mine = params.get('mine') === '1' ? ('1' as const) : undefined;
  const [typingAt, setTypingAt] = useState<{ id: number; at: number } | null>(null);

  const queues = useQuery({
    queryKey: [...queuesKey, team ?? '', status ?? '', mine ?? ''],
    queryFn: ({ signal }) => call(bo.queues, { query: { team, status, mine }, signal }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection for each session token
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queuesKey });
    return connectRealtime({
      url: realtimeUrl(),
      token: getToken,
      onSessionEnded: () => endSession(),
      onEvent: (event) => {
        if (event.type === 'support.changed') {
          refresh();
          void queryClient.invalidateQueries({ queryKey: conversationKey(event.conversationId) });
          setTypingAt(null);
        }
        if (event.type === 'support.typing') setTypingAt({ id: event.conversationId, at: Date.now() });
      },
      onOpen: (first) => {
        if (!first) void queryClient.invalidateQueries({ queryKey: [bo.conversation.path] });
        if (!first) refresh();
      },
    });
  }, [queryClient, token]);

  // The sign goes when no push came for a few seconds.
  useEffect(() => {
    if (!typingAt) return;
    const timer = setTimeout(() => setTypingAt(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);

  function choose(name: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: name !== 'c' });
  }

  return (
    <>
      <PageHeader title={t('support.title')} description={t('support.description')} />
      <QueryView query={queues}>
        {(data) => (
          <div className="support-workspace">
            <div className="support-workspace__side">
              <AgentCard data={data} />
              <Card title={t('support.queues')}>
                <div className="support-filters">
                  <Select
                    label={t('support.team')}
                    value={team ?? ''}
                    onChange={(event) => choose('team', event.target.value || null)}
                    options={[
                      { value: '', label: t('support.allTeams') },
                      ...data.teams.map((row) => ({
                        value: row.team,
                        label: t('support.teamWaiting', {
                          team: t(`support.teams.${row.team}`),
                          count: row.waiting,
                        }),
                      })),
                    ]}
                  />
                  <Select
                    label={t('common.status')}
                    value={status ?? ''}
                    onChange={(event) => choose('status', event.target.value || null)}
                    options={[
                      { value: '', label: t('support.live') },
                      ...SUPPORT_STATUSES.map((value) => ({ value, label: t(`support.statuses.${value}`) })),
                    ]}
                  />
                  <Checkbox
                    label={t('support.mine')}
                    checked={mine === '1'}
                    onChange={(checked) => choose('mine', checked ? '1' : null)}
                  />
                </div>
                {data.withinHours ? null : <p className="support-hint">{t('support.outsideHours')}</p>}
                {data.conversations.length === 0 ? (
                  <EmptyState icon="message" title={t('support.empty')} />
                ) : (
                  <ul className="support-queue" aria-label={t('support.conversations')}>
                    {data.conversations.map((row) => (
                      <li key={row.id}>
                        <button
                          type="button"
                          className={
                            row.id === selected ? 'support-queue__item is-selected' : 'support-queue__item'
                          }
                          aria-current={row.id === selected ? 'true' : undefined}
                          onClick={() => choose('c', String(row.id))}
                        >
                          <span className="support-queue__top">
                            <strong>{row.username}</strong>
                            {row.unread > 0 ? (
                              <Badge tone="danger">{t('support.unread', { count: row.unread })}</Badge>
                            ) : null}
                          </span>
                          <span className="support-queue__last">{row.lastMessage}</span>
                          <span className="support-queue__meta">
                            <Badge tone={STATUS_TONES[row.status]}>
                              {t(`support.statuses.${row.status}`)}
                            </Badge>
                            <span>{t(`support.teams.${row.team}`)}</span>
                            <span>{row.assignee ?? t('support.unassigned')}</span>
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </div>
            {selected ? (
              <ConversationPanel
                key={selected}
                id={selected}
                queues={data}
                typing={typingAt?.id === selected}
              />
            ) : (
              <Card className="support-workspace__main">
                <EmptyState icon="message" title={t('support.choose')} />
              </Card>
            )}
          </div>
        )}
      </QueryView>
      <SupportStats />
      <SupportSettings />
    </>
  );
}

/** The operator's own availability, teams and cap: available operators get conversations round robin. */
function AgentCard({ data }: { data: SupportQueues }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [capacity, setCapacity] = useState(String(data.me.capacity));
  const save = useMutation({
    mutationFn: (input: { available: boolean; teams: SupportTeam[]; capacity: number }) =>
      call(bo.setAgent, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queuesKey }),
  });
  const current = { available: data.me.available, teams: data.me.teams, capacity: data.me.capacity };
  const cap = Math.min(SUPPORT_LIMITS.capacityMax, Math.max(1, Number(capacity) || data.me.capacity));
  return (
    <Card title={t('support.me')}>
      <Switch
        label={t('support.available')}
        description={t('support.openOfCap', { open: data.me.open, capacity: data.me.capacity })}
        checked={data.me.available}
        onChange={(available) => save.mutate({ ...current, available })}
      />
      <fieldset className="support-teams">
        <legend>{t('support.myTeams')}</legend>
        {SUPPORT_TEAMS.map((value) => (
          <Checkbox
            key={value}
            label={t(`support.teams.${value}`)}
            checked={data.me.teams.includes(value)}
            onChange={(checked) => {
              const teams = checked
                ? [...current.teams, value]
                : current.teams.filter((found) => found !== value);
              if (teams.length > 0) save.mutate({ ...current, teams });
            }}
          />
        ))}
      </fieldset>
      <div className="support-cap">
        <TextField
          label={t('support.capacity')}
          type="number"
          min={1}
          max={SUPPORT_LIMITS.capacityMax}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
        />
        <Button size="sm" variant="secondary" onClick={() => save.mutate({ ...current, capacity: cap })}>
          {t('common.save')}
        </Button>
      </div>
      <FormError error={save.error} />
    </Card>
  );
}

function ConversationPanel({ id, queues, typing }: { id: number; queues: SupportQueues; typing: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => call(bo.conversation, { params: { id }, signal }),
  });
  const unread = conversation.data?.unread ?? 0;
  const read = useMutation({ mutationFn: () => call(bo.read, { params: { id } }) });
  // What the operator has open is read (the member sees the receipt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when new member messages come
  useEffect(() => {
    if (unread > 0 && !read.isPending) {
      read.mutate(undefined, {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: queuesKey }),
      });
    }
  }, [unread]);
  return (
    <div className="support-workspace__main">
      <QueryView query={conversation}>
        {(data) => (
          <>
            <Card
              className="support-conversation"
              title={t('support.with', { username: data.username })}
              description={`${t(`support.teams.${data.team}`)} · ${data.assignee ?? t('support.unassigned')} · ${t(`languages.${data.language}`, { defaultValue: data.language })}`}
              actions={<Badge tone={STATUS_TONES[data.status]}>{t(`support.statuses.${data.status}`)}</Badge>}
            >
              <Messages data={data} typing={typing} language={i18n.language} />
              {data.status === 'resolved' ? (
                <p className="support-hint">
                  {t('support.resolvedAt', { at: formatDateTime(data.resolvedAt, i18n.language) })}{' '}
                  {data.rating !== null ? t('support.rating', { count: data.rating }) : t('support.noRating')}
                </p>
              ) : (
                <>
                  <Composer conversation={data} />
                  <Actions conversation={data} queues={queues} />
                </>
              )}
            </Card>
            <MemberCard data={data} />
          </>
        )}
      </QueryView>
    </div>
  );
}

function Messages({
  data,
  typing,
  language,
}: {
  data: SupportConversation;
  typing: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message in view when one comes
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [data.messages.length, typing]);
  return (
    <ol ref={list} className="support-messages" aria-label={t('support.messages')} aria-live="polite">
      {data.messages.map((message) => (
        <li
          key={message.id}
          className={`support-message support-message--${message.sender}${message.kind === 'note' ? ' support-message--note' : ''}`}
        >
          <span className="support-message__who">
            {message.sender === 'member' ? data.username : (message.operator ?? t('support.system'))}
            {message.kind === 'note' ? ` · ${t('support.note')}` : ''}
          </span>
          {message.body ? <p className="support-message__body">{message.body}</p> : null}
          {message.images.length > 0 ? (
            <span className="support-message__images">
              {message.images.map((image, index) => (
                <ConversationImage key={image} id={image} index={index} />
              ))}
            </span>
          ) : null}
          <span className="support-message__meta">
            {formatDateTime(message.createdAt, language)}
            {message.sender === 'operator' && message.kind === 'text' && message.read
              ? ` · ${t('support.read')}`
              : ''}
          </span>
        </li>
      ))}
      {typing ? <li className="support-typing">{t('support.typing', { username: data.username })}</li> : null}
    </ol>
  );
}

function Composer({ conversation }: { conversation: SupportConversation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const canned = useQuery({
    queryKey: [bo.canned.path],
    queryFn: ({ signal }) => call(bo.canned, { signal }),
  });
  const send = useMutation({
    mutationFn: () => {
      const params = { id: conversation.id };
      if (images.length === 0) return call(bo.reply, { params, body: { text, note } });
      const form = new FormData();
      form.set('text', text);
      form.set('note', String(note));
      for (const image of images) form.append('image', image);
      return call(bo.replyImages, { params, body: form });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(conversationKey(conversation.id), data);
      void queryClient.invalidateQueries({ queryKey: queuesKey });
      setText('');
      setNote(false);
      setImages([]);
    },
  });
  /** Up to 3 png or jpg images of 5 MB each, refused here before the server checks again. */
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    setImageError(null);
    if (images.length + chosen.length > SUPPORT_LIMITS.imagesMax)
      return setImageError(t('support.imagesTooMany'));
    if (chosen.some((file) => file.type !== 'image/png' && file.type !== 'image/jpeg'))
      return setImageError(t('support.imageWrongType'));
    if (chosen.some((file) => file.size > SUPPORT_LIMITS.imageBytesMax))
      return setImageError(t('support.imageTooLarge'));
    setImages([...images, ...chosen]);
  }
  const ready = text.trim() !== '' || images.length > 0;
  const replies = (canned.data ?? []).filter((row) => row.language === conversation.language);
  function typed(value: string) {
    setText(value);
    const now = Date.now();
    if (note || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    call(bo.typing, { params: { id: conversation.id } }).catch(() => undefined);
  }
  return (
    <form
      className={note ? 'support-composer is-note' : 'support-composer'}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) send.mutate();
      }}
    >
      {replies.length > 0 ? (
        <Select
          label={t('support.canned')}
          value=""
          onChange={(event) => {
            const found = replies.find((row) => String(row.id) === event.target.value);
            if (found) setText(found.body);
          }}
          options={[
            { value: '', label: t('support.cannedPick') },
            ...replies.map((row) => ({ value: String(row.id), label: row.title })),
          ]}
        />
      ) : null}
      <TextArea
        label={note ? t('support.noteLabel') : t('support.replyLabel')}
        rows={3}
        maxLength={SUPPORT_LIMITS.messageMax}
        value={text}
        onChange={(event) => typed(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <TextField
        label={t('support.images')}
        type="file"
        multiple
        accept="image/png,image/jpeg"
        onChange={choose}
        error={imageError ?? undefined}
        hint={t('support.imagesHint')}
      />
      {images.length > 0 ? (
        <ul className="support-composer__images" aria-label={t('support.chosenImages')}>
          {images.map((image) => (
            <li key={`${image.name}-${image.size}-${image.lastModified}`}>
              <span>{image.name}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('support.removeImage', { name: image.name })}
                onClick={() => setImages(images.filter((other) => other !== image))}
              >
                {t('support.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="support-composer__row">
        <Checkbox label={t('support.privateNote')} checked={note} onChange={setNote} />
        <Button type="submit" variant="primary" loading={send.isPending} disabled={!ready}>
          {note ? t('support.addNote') : t('support.send')}
        </Button>
      </div>
      <FormError error={send.error} shownFields={['text', 'image']} />
    </form>
  );
}

function Actions({ conversation, queues }: { conversation: SupportConversation; queues: SupportQueues }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState('');
  const done = (data: SupportConversation) => {
    queryClient.setQueryData(conversationKey(conversation.id), data);
    void queryClient.invalidateQueries({ queryKey: queuesKey });
  };
  const transfer = useMutation({
    mutationFn: (body: { team?: SupportTeam; operatorId?: number | null }) =>
      call(bo.transfer, { params: { id: conversation.id }, body }),
    onSuccess: (data) => {
      setTarget('');
      done(data);
    },
  });
  const resolve = useMutation({
    mutationFn: () => call(bo.resolve, { params: { id: conversation.id } }),
    onSuccess: done,
  });
  const mine = conversation.assigneeId === queues.me.operatorId;
  return (
    <div className="support-actions">
      {mine ? null : (
        <Button
          variant="secondary"
          onClick={() => transfer.mutate({ operatorId: null })}
          loading={transfer.isPending}
        >
          {t('support.take')}
        </Button>
      )}
      <Select
        label={t('support.transferTo')}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        options={[
          { value: '', label: t('support.transferPick') },
          ...SUPPORT_TEAMS.filter((value) => value !== conversation.team).map((value) => ({
            value: `team:${value}`,
            label: t('support.toTeam', { team: t(`support.teams.${value}`) }),
          })),
          ...queues.agents
            .filter((agent) => agent.operatorId !== conversation.assigneeId)
            .map((agent) => ({
              value: `operator:${agent.operatorId}`,
              label: t('support.toOperator', {
                username: agent.username,
                open: agent.open,
                capacity: agent.capacity,
              }),
            })),
        ]}
      />
      <Button
        variant="secondary"
        disabled={!target}
        loading={transfer.isPending}
        onClick={() => {
          const [kind, value] = target.split(':');
          transfer.mutate(kind === 'team' ? { team: value as SupportTeam } : { operatorId: Number(value) });
        }}
      >
        {t('support.transfer')}
      </Button>
      <Button variant="primary" onClick={() => resolve.mutate()} loading={resolve.isPending}>
        {t('support.resolve')}
      </Button>
      <FormError error={transfer.error ?? resolve.error} />
    </div>
  );
}

function MemberCard({ data }: { data: SupportConversation }) {
  const { t, i18n } = useTranslation();
  const { card } = data;
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: card.currency });
  const orders = (rows: SupportConversation['card']['deposits'], kind: 'deposits' | 'withdrawals') =>
    rows.length === 0 ? (
      t('support.none')
    ) : (
      <ul className="support-orders">
        {rows.map((row) => (
          <li key={row.orderNo}>
            <span>{money.format(row.amount)}</span>{' '}
            <Badge tone="neutral">{t(`${kind}.statuses.${row.status}`)}</Badge>{' '}
            <span className="support-orders__when">{formatDateTime(row.createdAt, i18n.language)}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="support-card" title={t('support.card')}>
      <DetailList
        items={[
          { label: t('support.member'), value: card.username },
          { label: t('support.vipLevel'), value: card.vipLevel },
          { label: t('support.balance'), value: money.format(card.balance) },
          { label: t('support.registered'), value: formatDateTime(card.registeredAt, i18n.language) },
          { label: t('support.openWithdrawal'), value: card.openWithdrawal ?? t('support.none') },
          {
            label: t('support.responsible'),
            value: card.responsible.block
              ? t(`support.blocks.${card.responsible.block}`, {
                  until: formatDateTime(card.responsible.until, i18n.language),
                })
              : t('support.noBlock'),
          },
          { label: t('support.lastDeposits'), value: orders(card.deposits, 'deposits') },
          { label: t('support.lastWithdrawals'), value: orders(card.withdrawals, 'withdrawals') },
        ]}
      />
    </Card>
  );
}

/** An image of the conversation, read with the operator's session (it has no public address). */
function ConversationImage({ id, index }: { id: string; index: number }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: [bo.image.path, id],
    queryFn: ({ signal }) => call(bo.image, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <PrivateImage
      image={image.data}
      alt={t('support.image', { number: index + 1 })}
      number={index + 1}
      className="support-message__image"
    />
  );
}
