import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { riskConsoleEndpoints as bo, formatMoney, walletConsoleEndpoints as wallet } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { FlagsTable, LinkedAccountsTable, moneyItems, PlacesTable } from './views.tsx';

/**
 * The player page's whole picture (issue 25 item 2): money over the member's life and the last 30 days, bank
 * accounts, where the member signed in from and the accounts linked to them.
 */
export function PlayerPictureCard({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const picture = useQuery({
    queryKey: [wallet.memberPicture.path, playerId],
    queryFn: ({ signal }) => call(wallet.memberPicture, { params: { id: playerId }, query: {}, signal }),
  });
  return (
    <Card title={t('risk.pictureTitle')} description={t('risk.pictureDescription')}>
      <QueryView query={picture}>
        {(data) => {
          const money = (amount: number) =>
            `${formatMoney(amount, data.digits, i18n.language)} ${data.currency}`;
          return (
            <div className="stack">
              <h3>{t('risk.lifetime')}</h3>
              <DetailList items={moneyItems(data.lifetime, money, t)} />
              <h3>{t('risk.last30Days')}</h3>
              <DetailList items={moneyItems(data.period, money, t)} />
              <h3>{t('risk.bankAccounts')}</h3>
              {data.bankAccounts.length === 0 ? (
                <EmptyState icon="card" title={t('risk.noBankAccounts')} />
              ) : (
                <DetailList
                  items={data.bankAccounts.map((account) => ({
                    label: `${account.bankName} · ${account.payeeName}`,
                    value: account.accountNumber,
                    mono: true,
                  }))}
                />
              )}
              <h3>{t('risk.places')}</h3>
              <PlacesTable rows={data.places} />
              <h3>{t('risk.linkedAccounts')}</h3>
              <LinkedAccountsTable rows={data.linkedAccounts} />
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}

/** The member's flags, operators' tags and notes (each write audited). */
export function PlayerRiskCard({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const risk = useQuery({
    queryKey: [bo.memberRisk.path, playerId],
    queryFn: ({ signal }) => call(bo.memberRisk, { params: { id: playerId }, signal }),
  });
  const flags = useQuery({
    queryKey: [bo.flags.path, { memberId: playerId }],
    queryFn: ({ signal }) =>
      call(bo.flags, { query: { memberId: playerId, pageNo: 1, pageSize: 50 }, signal }),
  });
  return (
    <Card
      title={t('risk.riskTitle')}
      actions={<Link to={`/risk/flags?memberId=${playerId}`}>{t('risk.allFlags')}</Link>}
    >
      <div className="stack">
        <QueryView query={flags}>
          {(data) => <FlagsTable flags={data.list} caption={t('risk.flagsTitle')} />}
        </QueryView>
        <QueryView query={risk}>
          {(data) => (
            <>
              <Tags playerId={playerId} tags={data.tags} editable={mayCall(operator?.role, bo.setTags)} />
              <h3>{t('risk.notes')}</h3>
              <NoteForm playerId={playerId} />
              {data.notes.length === 0 ? (
                <EmptyState icon="message" title={t('risk.noNotes')} />
              ) : (
                <ul className="risk-notes">
                  {data.notes.map((note) => (
                    <li key={note.id}>
                      <p>{note.body}</p>
                      <span className="subtle">
                        {note.author} · {formatDateTime(note.createdAt, i18n.language)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryView>
      </div>
    </Card>
  );
}

function Tags({ playerId, tags, editable }: { playerId: number; tags: string[]; editable: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [text, setText] = useState(tags.join(', '));
  const save = useMutation({
    mutationFn: () =>
      call(bo.setTags, {
        params: { id: playerId },
        body: {
          tags: text
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean),
        },
      }),
    onSuccess: (value) => {
      setText(value.tags.join(', '));
      void queryClient.invalidateQueries({ queryKey: [bo.memberRisk.path, playerId] });
      toast.show(t('risk.tagsSaved'));
    },
  });
  return (
    <div className="stack">
      <h3>{t('risk.tags')}</h3>
      <p className="badges">
        {tags.length === 0 ? <span className="subtle">{t('risk.noTags')}</span> : null}
        {tags.map((tag) => (
          <Badge key={tag} tone="accent">
            {tag}
          </Badge>
        ))}
      </p>
      {editable ? (
        <form
          className="row-wrap"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextField
            label={t('risk.tagsField')}
            hint={t('risk.tagsHint')}
            value={text}
            maxLength={300}
            error={save.error ? (fieldErrors(save.error).tags ?? t('risk.tagsInvalid')) : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" loading={save.isPending}>
            {t('risk.saveTags')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function NoteForm({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const add = useMutation({
    mutationFn: () => call(bo.addNote, { params: { id: playerId }, body: { body } }),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: [bo.memberRisk.path, playerId] });
    },
  });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <TextArea
        label={t('risk.newNote')}
        rows={2}
        maxLength={1000}
        value={body}
        error={fieldErrors(add.error).body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div>
        <Button type="submit" loading={add.isPending} disabled={body.trim() === ''}>
          {t('risk.addNote')}
        </Button>
      </div>
    </form>
  );
}
