import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENTS,
  type KycStatus,
  type KycView,
  kycUploadFields,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type ChangeEvent, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { kycEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { Button, CenteredSpinner, StatusBadge, type StatusTone } from '../../ui/index.ts';
import { serverFieldErrors } from '../auth/validation.ts';
import { money } from '../wallet/queries.ts';
import { withdrawalInfoQuery } from '../wallet/withdraw/queries.ts';
import '../wallet/wallet.css';
import '../wallet/withdraw/withdraw.css';
import './kyc.css';

type Fields = z.input<typeof kycUploadFields>;

const kycKey = (token: string | null) => ['member', token, 'kyc'] as const;
const kycQuery = (token: string | null) =>
  queryOptions({
    queryKey: kycKey(token),
    queryFn: ({ signal }) => api(kycEndpoints.status, { signal }),
    enabled: token !== null,
  });

const TONES: Record<KycStatus, StatusTone> = {
  none: 'neutral',
  pending: 'attention',
  verified: 'success',
  rejected: 'danger',
};

/** A date of birth (YYYY-MM-DD) as the reader writes dates. */
const birthDate = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Identity verification (KYC, issue 25 §4): the member's status (none, pending, verified, rejected with the
 * reason), when a withdrawal needs it, the documents on file, and the upload of one document at a time (ID card
 * or passport front and back, a selfie holding it, a proof of address; png, jpg or pdf, 5 MB at most) with the
 * date of birth it shows. The files are private: only the operators who verify them see them.
 */
export default function KycPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const status = useQuery(kycQuery(token));
  if (status.isError) return <FormMessage tone="error">{errorText(t, status.error)}</FormMessage>;
  if (!status.data) return <CenteredSpinner label={t('common.loading')} />;
  return <KycScreen kyc={status.data} />;
}

function KycScreen({ kyc }: { kyc: KycView }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  // The merchant's currency, for the amount above which a withdrawal needs verification.
  const wallet = useQuery(withdrawalInfoQuery(token));
  const currency = wallet.data ?? { currencySymbol: '', digits: 2 };
  const rule =
    kyc.settings.withdrawal === 'always'
      ? t('kyc.rule.always')
      : kyc.settings.withdrawal === 'above'
        ? t('kyc.rule.above', {
            amount:
              `${currency.currencySymbol} ${money(kyc.settings.withdrawalAbove, currency.digits)}`.trim(),
          })
        : t('kyc.rule.never');
  return (
    <div className="wallet-page kyc">
      <h2 className="wallet-page__title">{t('memberCentre.pages.verification')}</h2>
      <section className="security-card kyc-status" aria-labelledby="kyc-status">
        <div className="kyc-status__head">
          <h3 id="kyc-status" className="wallet-form__title">
            {t('kyc.statusTitle')}
          </h3>
          <StatusBadge tone={TONES[kyc.status]}>{t(`kyc.status.${kyc.status}`)}</StatusBadge>
        </div>
        <p className="kyc-status__text">{t(`kyc.explain.${kyc.status}`)}</p>
        {kyc.status === 'rejected' && kyc.reason ? (
          <p className="kyc-status__reason">
            <strong>{t('kyc.reason')}</strong> {kyc.reason}
          </p>
        ) : null}
        <dl className="wallet-facts">
          {kyc.dateOfBirth ? (
            <div>
              <dt>{t('kyc.dateOfBirth')}</dt>
              <dd>{birthDate(kyc.dateOfBirth, locale)}</dd>
            </div>
          ) : null}
          {kyc.submittedAt ? (
            <div>
              <dt>{t('kyc.submittedAt')}</dt>
              <dd>{formatDateTime(kyc.submittedAt, locale)}</dd>
            </div>
          ) : null}
          {kyc.reviewedAt ? (
            <div>
              <dt>{t('kyc.reviewedAt')}</dt>
              <dd>{formatDateTime(kyc.reviewedAt, locale)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('kyc.withdrawals')}</dt>
            <dd>{rule}</dd>
          </div>
        </dl>
      </section>

      {kyc.documents.length > 0 ? (
        <section className="security-card" aria-labelledby="kyc-documents">
          <h3 id="kyc-documents" className="wallet-form__title">
            {t('kyc.documents')}
          </h3>
          <ul className="kyc-documents">
            {kyc.documents.map((doc) => (
              <li key={doc.id}>
                <span className="kyc-documents__kind">{t(`kyc.kinds.${doc.kind}`)}</span>
                <span className="kyc-documents__meta">
                  {doc.contentType === 'application/pdf' ? 'PDF' : t('kyc.image')} ·{' '}
                  {formatDateTime(doc.createdAt, locale)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {kyc.status === 'verified' ? null : <UploadForm kyc={kyc} />}
    </div>
  );
}

function UploadForm({ kyc }: { kyc: KycView }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<Fields>({
    resolver: zodResolver(kycUploadFields),
    defaultValues: { kind: 'id_front', dateOfBirth: kyc.dateOfBirth ?? '' },
  });
  const send = useMutation({
    mutationFn: (fields: Fields) => {
      const body = new FormData();
      body.set('kind', fields.kind);
      body.set('dateOfBirth', fields.dateOfBirth);
      if (file) body.set('document', file);
      return api(kycEndpoints.upload, { body });
    },
    onSuccess: (answer, fields) => {
      queryClient.setQueryData(kycKey(token), answer);
      setDone(t('kyc.uploaded', { kind: t(`kyc.kinds.${fields.kind}`) }));
      setFile(null);
    },
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFileError(null);
    setDone(null);
    if (chosen && !(KYC_DOCUMENTS.types as readonly string[]).includes(chosen.type)) {
      event.target.value = '';
      return setFileError(t('kyc.errors.type'));
    }
    if (chosen && chosen.size > KYC_DOCUMENTS.maxBytes) {
      event.target.value = '';
      return setFileError(t('kyc.errors.size'));
    }
    setFile(chosen);
  }

  function submit(fields: Fields) {
    if (!file) return setFileError(t('kyc.errors.file'));
    send.mutate(fields);
  }

  const server = serverFieldErrors(send.error);
  return (
    <section className="security-card" aria-labelledby="kyc-upload">
      <h3 id="kyc-upload" className="wallet-form__title">
        {t('kyc.uploadTitle')}
      </h3>
      <p className="field__hint">{t('kyc.uploadHint')}</p>
      <form className="kyc-form" aria-labelledby="kyc-upload" noValidate onSubmit={form.handleSubmit(submit)}>
        <Controller
          control={form.control}
          name="dateOfBirth"
          render={({ field, fieldState }) => (
            <Field
              label={t('kyc.dateOfBirth')}
              type="date"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              required
              error={fieldState.error ? t('kyc.errors.dateOfBirth') : server.dateOfBirth}
              hint={t('kyc.dateOfBirthHint')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <fieldset className="choice-group">
              <legend>{t('kyc.kind')}</legend>
              {KYC_DOCUMENT_KINDS.map((kind) => (
                <label key={kind} className={field.value === kind ? 'choice choice--on' : 'choice'}>
                  <input
                    type="radio"
                    name="kyc-kind"
                    value={kind}
                    checked={field.value === kind}
                    onChange={() => field.onChange(kind)}
                  />
                  <span>{t(`kyc.kinds.${kind}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
        />
        <div className="proof-upload">
          <label htmlFor={fileId} className="proof-upload__label">
            {t('kyc.file')}
          </label>
          <p className="field__hint">{t('kyc.fileHint')}</p>
          <input
            id={fileId}
            className="proof-upload__input"
            type="file"
            accept="image/png,image/jpeg,application/pdf"
            aria-invalid={fileError || server.document ? true : undefined}
            onChange={choose}
          />
          {fileError || server.document ? (
            <p className="field__error" role="alert">
              {fileError ?? server.document}
            </p>
          ) : null}
        </div>
        {send.isError ? <FormMessage tone="error">{errorText(t, send.error)}</FormMessage> : null}
        {done ? <FormMessage tone="success">{done}</FormMessage> : null}
        <Button type="submit" variant="primary" loading={send.isPending}>
          {t('kyc.submit')}
        </Button>
      </form>
    </section>
  );
}
