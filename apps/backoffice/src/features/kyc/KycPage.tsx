import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  kycConsoleEndpoints as bo,
  KYC_WITHDRAWAL_RULES,
  type KycDocument,
  type KycRow,
  type KycStatus,
  type QueryOf,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { downloadFile } from '../../app/download.ts';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { oneOf, optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './kyc.css';

type Query = QueryOf<typeof bo.queue>;
const FILTERS = ['q', 'status'] as const;
const STATUSES = ['pending', 'verified', 'rejected'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return {
    q: optional(applied.q),
    status: oneOf(STATUSES, applied.status),
  };
}

/** A date of birth (YYYY-MM-DD) as the reader writes dates. */
const birthDate = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const TONES = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;

function KycBadge({ status }: { status: Exclude<KycStatus, 'none'> }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`kyc.statuses.${status}`)}</Badge>;
}

/**
 * KYC (operations and finance): the members who sent identity documents, oldest first; each member's documents
 * (fetched with the operator's session: they have no public address), verified (18+ on the date of birth read on
 * the document) or rejected with a reason the member reads in the inbox; and when withdrawals need a verified
 * member.
 */
export function KycPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useSearchList(bo.queue, FILTERS, toQuery);
  const [open, setOpen] = useState<KycRow | null>(null);

  const columns: Column<KycRow>[] = [
    {
      key: 'member',
      header: t('kyc.member'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.username}</span>
          <span className="cell-below mono">#{row.memberId}</span>
        </>
      ),
    },
    {
      key: 'submitted',
      header: t('kyc.submitted'),
      render: (row) => formatDateTime(row.submittedAt, i18n.language),
    },
    {
      key: 'documents',
      header: t('kyc.documents'),
      render: (row) => row.documents.map((doc) => t(`kyc.kinds.${doc.kind}`)).join(', '),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => (
        <>
          <KycBadge status={row.status} />
          {row.reviewedBy ? (
            <span className="cell-below">
              {row.reviewedBy} · {formatDateTime(row.reviewedAt, i18n.language)}
            </span>
          ) : null}
          {row.reason ? <span className="cell-below">{row.reason}</span> : null}
        </>
      ),
    },
    actionsColumn(t('common.actions'), (row) => (
      <Button
        size="sm"
        variant={row.status === 'pending' ? 'primary' : 'secondary'}
        aria-label={t('kyc.reviewOf', { username: row.username })}
        onClick={() => setOpen(row)}
      >
        {row.status === 'pending' ? t('kyc.review') : t('kyc.view')}
      </Button>
    )),
  ];
  const option = (value: string, label: string) => ({ value, label });
  return (
    <>
      <SearchListPage
        page="kyc"
        list={list}
        columns={columns}
        filters={
          <>
            <FilterText name="q" type="search" placeholder={t('kyc.qPlaceholder')} />
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                option('', t('kyc.allStatuses')),
                ...STATUSES.map((value) => option(value, t(`kyc.statuses.${value}`))),
              ]}
            />
          </>
        }
      />
      <KycSettingsCard />
      {open ? (
        <ReviewModal
          row={open}
          onClose={() => setOpen(null)}
          onDone={(row) => {
            toast.show(
              t(row.status === 'verified' ? 'kyc.verifiedDone' : 'kyc.rejectedDone', {
                username: row.username,
              }),
            );
            setOpen(null);
            void queryClient.invalidateQueries({ queryKey: [bo.queue.path] });
          }}
        />
      ) : null}
    </>
  );
}

/** One document, fetched with the operator's session: an image shown inline, a pdf opened from memory. */
function DocumentView({ memberId, doc }: { memberId: number; doc: KycDocument }) {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: [bo.document.path, memberId, doc.id],
    queryFn: ({ signal }) => call(bo.document, { params: { memberId, documentId: doc.id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const name = t(`kyc.kinds.${doc.kind}`);
  if (!file.data) {
    return (
      <figure className="kyc-doc kyc-doc--loading">
        {file.isError ? t('kyc.documentFailed') : <Spinner />}
        <figcaption>{name}</figcaption>
      </figure>
    );
  }
  const data = file.data;
  if (data.contentType === 'application/pdf') {
    const openPdf = () => {
      const bytes = Uint8Array.from(atob(data.data), (char) => char.charCodeAt(0));
      downloadFile(bytes, `${doc.kind}.pdf`, 'application/pdf');
    };
    return (
      <figure className="kyc-doc kyc-doc--pdf">
        <Button size="sm" onClick={openPdf}>
          {t('kyc.downloadPdf')}
        </Button>
        <figcaption>{name}</figcaption>
      </figure>
    );
  }
  return (
    <figure className="kyc-doc">
      <img src={`data:${data.contentType};base64,${data.data}`} alt={name} />
      <figcaption>{name}</figcaption>
    </figure>
  );
}

function ReviewModal({
  row,
  onClose,
  onDone,
}: {
  row: KycRow;
  onClose: () => void;
  onDone: (row: KycRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const [deciding, setDeciding] = useState<'verify' | 'reject' | null>(null);
  const [dateOfBirth, setDateOfBirth] = useState(row.dateOfBirth ?? '');
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: () =>
      deciding === 'verify'
        ? call(bo.verify, {
            params: { memberId: row.memberId },
            body: dateOfBirth && dateOfBirth !== row.dateOfBirth ? { dateOfBirth } : {},
          })
        : call(bo.reject, { params: { memberId: row.memberId }, body: { reason } }),
    onSuccess: onDone,
  });
  const fieldError = (name: string) =>
    decide.error instanceof ApiError ? decide.error.fields[name] : undefined;
  if (deciding) {
    return (
      <ActionDialog
        title={t(deciding === 'verify' ? 'kyc.verifyTitle' : 'kyc.rejectTitle', { username: row.username })}
        message={t(deciding === 'verify' ? 'kyc.verifyMessage' : 'kyc.rejectMessage')}
        confirmLabel={t(deciding === 'verify' ? 'kyc.verify' : 'kyc.reject')}
        confirmVariant={deciding === 'verify' ? 'primary' : 'danger'}
        busy={decide.isPending}
        error={fieldError('reason') ? null : decide.error}
        onCancel={() => {
          decide.reset();
          setDeciding(null);
        }}
        onConfirm={() => decide.mutate()}
      >
        {deciding === 'verify' ? (
          <TextField
            label={t('kyc.dateOfBirth')}
            type="date"
            value={dateOfBirth}
            onChange={(event) => setDateOfBirth(event.target.value)}
            hint={t('kyc.dateOfBirthHint')}
            error={fieldError('dateOfBirth')}
          />
        ) : (
          <TextField
            label={t('kyc.reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            hint={t('kyc.reasonHint')}
            error={fieldError('reason')}
          />
        )}
      </ActionDialog>
    );
  }
  return (
    <Modal
      open
      size="lg"
      title={t('kyc.reviewOf', { username: row.username })}
      onClose={onClose}
      footer={
        row.status === 'pending' ? (
          <>
            <Button variant="danger" onClick={() => setDeciding('reject')}>
              {t('kyc.reject')}
            </Button>
            <Button variant="primary" onClick={() => setDeciding('verify')}>
              {t('kyc.verify')}
            </Button>
          </>
        ) : null
      }
    >
      <DetailList
        items={[
          { label: t('kyc.member'), value: `${row.username} (#${row.memberId})` },
          { label: t('common.status'), value: <KycBadge status={row.status} /> },
          {
            label: t('kyc.dateOfBirth'),
            value: row.dateOfBirth ? birthDate(row.dateOfBirth, i18n.language) : '—',
          },
          { label: t('kyc.submitted'), value: formatDateTime(row.submittedAt, i18n.language) },
          ...(row.reason ? [{ label: t('kyc.reason'), value: row.reason }] : []),
        ]}
      />
      <section aria-label={t('kyc.documents')}>
        <h3 className="section-title">{t('kyc.documents')}</h3>
        <div className="kyc-docs">
          {row.documents.map((doc) => (
            <DocumentView key={doc.id} memberId={row.memberId} doc={doc} />
          ))}
        </div>
      </section>
    </Modal>
  );
}

/** When a withdrawal needs a verified member: never, always, or above an amount (operations changes it). */
function KycSettingsCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const { operator } = useSession();
  const settings = useQuery({
    queryKey: [bo.settings.path],
    queryFn: ({ signal }) => call(bo.settings, { signal }),
  });
  const [draft, setDraft] = useState<{ withdrawal: string; withdrawalAbove: string } | null>(null);
  const save = useMutation({
    mutationFn: (value: { withdrawal: string; withdrawalAbove: string }) =>
      call(bo.saveSettings, {
        body: {
          withdrawal: value.withdrawal as (typeof KYC_WITHDRAWAL_RULES)[number],
          withdrawalAbove: value.withdrawalAbove || '0',
        },
      }),
    onSuccess: () => {
      toast.show(t('kyc.settingsSaved'));
      setDraft(null);
      void settings.refetch();
    },
  });
  if (!settings.data) return null;
  const canEdit = operator?.role === 'owner' || operator?.role === 'operations';
  const value = draft ?? {
    withdrawal: settings.data.withdrawal,
    withdrawalAbove: String(settings.data.withdrawalAbove),
  };
  const amountError = save.error instanceof ApiError ? save.error.fields.withdrawalAbove : undefined;
  return (
    <Card>
      <form
        className="kyc-settings"
        aria-label={t('kyc.settingsTitle')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value);
        }}
      >
        <h2 className="section-title">{t('kyc.settingsTitle')}</h2>
        <Select
          label={t('kyc.withdrawalRule')}
          value={value.withdrawal}
          disabled={!canEdit}
          options={KYC_WITHDRAWAL_RULES.map((rule) => ({ value: rule, label: t(`kyc.rules.${rule}`) }))}
          onChange={(event) => setDraft({ ...value, withdrawal: event.target.value })}
        />
        {value.withdrawal === 'above' ? (
          <TextField
            label={t('kyc.withdrawalAbove')}
            inputMode="decimal"
            value={value.withdrawalAbove}
            disabled={!canEdit}
            error={amountError}
            onChange={(event) => setDraft({ ...value, withdrawalAbove: event.target.value })}
          />
        ) : null}
        {save.isError && !amountError ? <p className="field-error">{errorText(t, save.error)}</p> : null}
        {canEdit ? (
          <div>
            <Button type="submit" variant="primary" loading={save.isPending} disabled={!draft}>
              {t('common.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
