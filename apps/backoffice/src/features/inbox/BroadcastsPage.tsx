import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BROADCAST_AUDIENCES,
  type BroadcastAudience,
  type BroadcastInput,
  type BroadcastRow,
  inboxConsoleEndpoints as bo,
  type LanguageCode,
} from '@tessera/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { ActionDialog, FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { LanguageField, TitleField } from '../content/fields.tsx';
import '../content/content.css';
import './inbox.css';

const PAGE_SIZE = 20;

/** Whom a broadcast is for, as the list and the audit say it: everyone, VIP 3, label "whale". */
function audienceText(t: TFunction, row: BroadcastRow) {
  if (row.audience === 'vip') return t('broadcasts.audiences.vipLevel', { rank: row.clubRank });
  if (row.audience === 'label') return t('broadcasts.audiences.labelNamed', { label: row.label });
  return t('broadcasts.audiences.all');
}

/** The text of a broadcast the list names it by: English, else the first. */
const mainText = (row: BroadcastRow) =>
  row.texts.find((text) => text.language === 'EN') ?? row.texts[0] ?? { title: '', content: '' };

/**
 * The console's Inbox page: send a message to every member's inbox, to one VIP level or to members with a label
 * (one text per language, sanitised rich text), list those sent with how many of their members have read them,
 * and withdraw one from every inbox.
 */
export function BroadcastsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [composing, setComposing] = useState(false);
  const [withdrawing, setWithdrawing] = useState<BroadcastRow | null>(null);
  const query = { pageNo, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: [bo.broadcasts.path, query],
    queryFn: ({ signal }) => call(bo.broadcasts, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [bo.broadcasts.path] });
  const withdraw = useMutation({
    mutationFn: (row: BroadcastRow) => call(bo.withdrawBroadcast, { params: { id: row.id } }),
    onSuccess: (row) => {
      setWithdrawing(null);
      refresh();
      toast.show(t('broadcasts.withdrawn', { title: mainText(row).title }));
    },
  });

  const columns: Column<BroadcastRow>[] = [
    {
      key: 'title',
      header: t('common.title'),
      render: (row) => (
        <>
          <span className="cell-strong">{mainText(row).title}</span>
          <span className="cell-below">{row.texts.map((text) => text.language).join(' · ')}</span>
        </>
      ),
    },
    { key: 'audience', header: t('broadcasts.audience'), render: (row) => audienceText(t, row) },
    dateTimeColumn('createdAt', t('broadcasts.sentAt'), i18n.language, (row) => row.createdAt),
    { key: 'createdBy', header: t('broadcasts.sentBy'), render: (row) => row.createdBy },
    {
      key: 'read',
      header: t('broadcasts.read'),
      className: 'num',
      render: (row) =>
        t('broadcasts.readOf', {
          read: row.readCount.toLocaleString(i18n.language),
          recipients: row.recipients.toLocaleString(i18n.language),
        }),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) =>
        row.withdrawnAt ? (
          <Badge tone="neutral">{t('broadcasts.statuses.withdrawn')}</Badge>
        ) : (
          <Badge tone="success">{t('broadcasts.statuses.live')}</Badge>
        ),
    },
    actionsColumn(t('common.actions'), (row) =>
      row.withdrawnAt ? null : (
        <RowButton
          icon="x"
          aria-label={t('broadcasts.withdrawNamed', { title: mainText(row).title })}
          onClick={() => {
            withdraw.reset();
            setWithdrawing(row);
          }}
        >
          {t('broadcasts.withdraw')}
        </RowButton>
      ),
    ),
  ];

  return (
    <>
      <PageHeader
        title={t('nav.broadcasts')}
        description={t('broadcasts.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setComposing(true)}>
            {t('broadcasts.new')}
          </Button>
        }
      />
      <QueryView query={list}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState icon="inbox" title={t('broadcasts.empty')} description={t('broadcasts.emptyHint')} />
          ) : (
            <div className="stack">
              <Table
                caption={t('nav.broadcasts')}
                columns={columns}
                rows={data.list}
                rowKey={(row) => row.id}
              />
              <Pagination
                pageNo={data.pageNo}
                pageSize={data.pageSize}
                total={data.total}
                onChange={setPageNo}
              />
            </div>
          )
        }
      </QueryView>
      {composing ? (
        <ComposeDialog
          onClose={() => setComposing(false)}
          onSent={(row) => {
            setComposing(false);
            setPageNo(1);
            refresh();
            toast.show(t('broadcasts.sent', { title: mainText(row).title }));
          }}
        />
      ) : null}
      {withdrawing ? (
        <ActionDialog
          title={t('broadcasts.withdrawTitle')}
          message={t('broadcasts.withdrawMessage', { title: mainText(withdrawing).title })}
          confirmLabel={t('broadcasts.withdraw')}
          busy={withdraw.isPending}
          error={withdraw.error}
          onCancel={() => setWithdrawing(null)}
          onConfirm={() => withdraw.mutate(withdrawing)}
        />
      ) : null}
    </>
  );
}

interface Text {
  key: number;
  language: LanguageCode;
  title: string;
  content: string;
}

/** A new broadcast: its audience and one text per language. */
function ComposeDialog({ onClose, onSent }: { onClose: () => void; onSent: (row: BroadcastRow) => void }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<BroadcastAudience>('all');
  const [clubRank, setClubRank] = useState('1');
  const [label, setLabel] = useState('');
  const [texts, setTexts] = useState<Text[]>([{ key: 0, language: 'EN', title: '', content: '' }]);
  const send = useMutation({
    mutationFn: (body: BroadcastInput) => call(bo.sendBroadcast, { body }),
    onSuccess: onSent,
  });
  const errors = fieldErrors(send.error);
  const change = (key: number, patch: Partial<Text>) =>
    setTexts(texts.map((text) => (text.key === key ? { ...text, ...patch } : text)));
  return (
    <FormDialog
      size="xl"
      title={t('broadcasts.newTitle')}
      saveLabel={t('broadcasts.send')}
      saving={send.isPending}
      error={send.error}
      shownFields={[
        'audience',
        'clubRank',
        'label',
        ...texts.flatMap((_, index) => [
          `texts.${index}.language`,
          `texts.${index}.title`,
          `texts.${index}.content`,
        ]),
      ]}
      onClose={onClose}
      onSubmit={() =>
        send.mutate({
          audience,
          clubRank: audience === 'vip' ? Number(clubRank) : null,
          label: audience === 'label' ? label : null,
          texts: texts.map(({ language, title, content }) => ({ language, title, content })),
        })
      }
    >
      <div className="form-grid">
        <Select
          label={t('broadcasts.audience')}
          value={audience}
          options={BROADCAST_AUDIENCES.map((value) => ({ value, label: t(`broadcasts.audiences.${value}`) }))}
          onChange={(event) => setAudience(event.target.value as BroadcastAudience)}
          error={errors.audience}
        />
        {audience === 'vip' ? (
          <TextField
            label={t('broadcasts.clubRank')}
            type="number"
            min={0}
            max={99}
            value={clubRank}
            onChange={(event) => setClubRank(event.target.value)}
            error={errors.clubRank}
          />
        ) : null}
        {audience === 'label' ? (
          <TextField
            label={t('broadcasts.label')}
            maxLength={60}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            error={errors.label}
          />
        ) : null}
      </div>
      {texts.map((text, index) => (
        <fieldset key={text.key} className="broadcast-text">
          <legend>{t('broadcasts.textIn', { language: t(`languages.${text.language}`) })}</legend>
          <div className="form-grid">
            <TitleField
              value={text.title}
              onChange={(title) => change(text.key, { title })}
              error={errors[`texts.${index}.title`]}
              maxLength={200}
              fieldClassName="span-2"
            />
            <LanguageField
              value={text.language}
              onChange={(language) => change(text.key, { language })}
              error={errors[`texts.${index}.language`]}
            />
          </div>
          <ContentEditor
            value={text.content}
            onChange={(content) => change(text.key, { content })}
            error={errors[`texts.${index}.content`]}
            maxLength={50_000}
          />
          {texts.length > 1 ? (
            <Button
              icon={<Icon name="trash" />}
              onClick={() => setTexts(texts.filter((other) => other.key !== text.key))}
            >
              {t('broadcasts.removeText', { language: t(`languages.${text.language}`) })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button
        icon={<Icon name="plus" />}
        onClick={() => {
          const used = new Set(texts.map((text) => text.language));
          const language = (['EN', 'VI', 'CN'] as const).find((code) => !used.has(code)) ?? 'EN';
          setTexts([
            ...texts,
            { key: Math.max(...texts.map((text) => text.key)) + 1, language, title: '', content: '' },
          ]);
        }}
      >
        {t('broadcasts.addText')}
      </Button>
    </FormDialog>
  );
}
