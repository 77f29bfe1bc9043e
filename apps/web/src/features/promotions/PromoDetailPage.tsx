import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROMOTION_APPLICATION, type PromotionDetail } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { promotionEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale, useSiteLanguage } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { type ChosenImage, ImagePicker } from '../../ui/ImagePicker.tsx';
import { ChevronLeftIcon, GiftIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, DocumentTitle, LazyImage, StatusBadge } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { money, walletKey } from '../wallet/queries.ts';
import { promotionQuery, promotionsKey } from './queries.ts';
import { headline, STATUS_TONE, ticketsLine } from './status.ts';
import '../wallet/wallet.css';
import './promotions.css';

/**
 * /promoDetail?id=: one promotion with its content, its terms, this member's status and record, and its one
 * action: join, claim, or the activity application form (a remark of at most 140 characters and up to 3 png or
 * jpg images of 5 MB at most, §5). A visitor sees it all and gets the login on the action.
 */
export default function PromoDetailPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [params] = useUrlState();
  const id = Number(params.get('id'));
  const detail = useQuery(promotionQuery(token, id, useSiteLanguage()));
  const data = detail.data;
  const siteName = useSiteName();
  return (
    <div className="container promo-detail">
      <DocumentTitle>{`${data?.title ?? t('pages.promoDetail')} · ${siteName}`}</DocumentTitle>
      <Link className="promo-detail__back" to="/promotions">
        <ChevronLeftIcon />
        {t('promotions.back')}
      </Link>
      {!Number.isInteger(id) || id <= 0 ? (
        <FormMessage tone="error">{t('promotions.notFound')}</FormMessage>
      ) : detail.isError ? (
        <FormMessage tone="error">{errorText(t, detail.error)}</FormMessage>
      ) : !data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : (
        <Detail data={data} />
      )}
    </div>
  );
}

function Detail({ data }: { data: PromotionDetail }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const amount = (value: number) => `${data.currencySymbol} ${money(value, data.digits)}`;
  const figure = headline(data, amount, (percent, cap) => t('promotions.depositHeadline', { percent, cap }));
  const tickets = ticketsLine(data, locale, (count, value) => t('promotions.plusTickets', { count, value }));
  return (
    <article className="promo-detail__card" aria-labelledby="promo-title">
      <div className="promo-detail__media">
        {data.imageUrl ? (
          <LazyImage src={data.imageUrl} alt="" />
        ) : (
          <span className="promotion-card__art" aria-hidden="true">
            <GiftIcon />
          </span>
        )}
      </div>
      <div className="promo-detail__body">
        <p className="promotion-card__category">{t(`promotions.categories.${data.category}`)}</p>
        <h1 id="promo-title" className="promo-detail__title">
          {data.title}
        </h1>
        <div className="promo-detail__state">
          <StatusBadge tone={STATUS_TONE[data.status]}>{t(`promotions.status.${data.status}`)}</StatusBadge>
          {figure ? <span className="promotion-card__figure">{figure}</span> : null}
          {tickets ? <span className="promotion-card__tickets">{tickets}</span> : null}
        </div>
        <p className="promotion-card__period">
          {data.endsAt
            ? t('promotions.period', {
                from: formatDateTime(data.startsAt, locale),
                to: formatDateTime(data.endsAt, locale),
              })
            : t('promotions.from', { from: formatDateTime(data.startsAt, locale) })}
        </p>
        <Action data={data} amount={amount} />
        <Terms data={data} amount={amount} />
        {data.entry ? <Record data={data} amount={amount} /> : null}
        {data.content ? (
          <div
            className="promo-detail__content"
            // Sanitised by the server when the operator saved it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised rich text of the console's editor
            dangerouslySetInnerHTML={{ __html: data.content }}
          />
        ) : null}
      </div>
    </article>
  );
}

function Terms({ data, amount }: { data: PromotionDetail; amount: (value: number) => string }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const rows: [string, string][] = [[t('promotions.terms.kind'), t(`promotions.kinds.${data.kind}`)]];
  if (data.kind === 'deposit' && data.percent !== null && data.cap !== null) {
    rows.push([
      t('promotions.terms.bonus'),
      t('promotions.depositHeadline', { percent: data.percent, cap: amount(data.cap) }),
    ]);
    if (data.minDeposit !== null) rows.push([t('promotions.terms.minDeposit'), amount(data.minDeposit)]);
    if (data.depositWhich)
      rows.push([t('promotions.terms.which'), t(`promotions.which.${data.depositWhich}`)]);
  }
  if (data.amount !== null) rows.push([t('promotions.terms.amount'), amount(data.amount)]);
  rows.push([
    t('promotions.terms.turnover'),
    data.turnoverMultiple > 0
      ? t('promotions.turnover', { multiple: data.turnoverMultiple })
      : t('promotions.noTurnover'),
  ]);
  rows.push([
    t('promotions.terms.scope'),
    data.productScope ? t(`gameTypes.${data.productScope}`) : t('promotions.everyGame'),
  ]);
  if (data.maxStake !== null) rows.push([t('promotions.terms.maxStake'), amount(data.maxStake)]);
  if (data.applyUntil) rows.push([t('promotions.terms.applyUntil'), formatDateTime(data.applyUntil, locale)]);
  return (
    <dl className="promo-terms" aria-label={t('promotions.terms.title')}>
      {rows.map(([term, value]) => (
        <div key={term} className="promo-terms__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Record({ data, amount }: { data: PromotionDetail; amount: (value: number) => string }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const entry = data.entry;
  if (!entry) return null;
  return (
    <section className="promo-record" aria-labelledby="promo-record-title">
      <h2 id="promo-record-title" className="promo-record__title">
        {t('promotions.record.title')}
      </h2>
      <p>
        {t(`promotions.record.${entry.status}`, { time: formatDateTime(entry.createdAt, locale) })}
        {entry.amount !== null ? ` ${amount(entry.amount)}` : ''}
      </p>
      {entry.remark ? (
        <p className="promo-record__line">{t('promotions.record.remark', { remark: entry.remark })}</p>
      ) : null}
      {entry.reason ? (
        <p className="promo-record__line">{t('promotions.record.reason', { reason: entry.reason })}</p>
      ) : null}
    </section>
  );
}

/** The one action of the member's status; a visitor gets the login instead. */
function Action({ data, amount }: { data: PromotionDetail; amount: (value: number) => string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const language = useSiteLanguage();
  const queryClient = useQueryClient();
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: promotionsKey(token) });
    void queryClient.invalidateQueries({ queryKey: walletKey(token) });
  };
  const act = useMutation({
    mutationFn: (action: 'join' | 'claim') =>
      api(action === 'join' ? promotionEndpoints.join : promotionEndpoints.claim, {
        params: { id: data.id },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(promotionQuery(token, data.id, language).queryKey, answer);
      done();
    },
  });
  if (data.action === null) {
    return data.status === 'signed' ? (
      <p className="promo-detail__hint">
        {t('promotions.signedHint')} <Link to="/member?page=depositv2">{t('promotions.depositNow')}</Link>
      </p>
    ) : null;
  }
  if (!token) {
    return (
      <Button variant="primary" size="lg" onClick={() => openAuthModal('login')}>
        {t(`promotions.actions.${data.action}`)}
      </Button>
    );
  }
  if (data.action === 'apply') return <ApplicationForm data={data} onDone={done} />;
  return (
    <div className="promo-detail__action">
      <Button
        variant="primary"
        size="lg"
        loading={act.isPending}
        onClick={() => act.mutate(data.action === 'join' ? 'join' : 'claim')}
      >
        {data.action === 'claim' && data.claimable !== null
          ? t('promotions.claimAmount', { amount: amount(data.claimable) })
          : t(`promotions.actions.${data.action}`)}
      </Button>
      {act.isError ? <FormMessage tone="error">{errorText(t, act.error)}</FormMessage> : null}
    </div>
  );
}

function ApplicationForm({ data, onDone }: { data: PromotionDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const language = useSiteLanguage();
  const queryClient = useQueryClient();
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<ChosenImage[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const body = new FormData();
      body.set('remark', remark.trim());
      for (const { file } of files) body.append(PROMOTION_APPLICATION.field, file);
      return api(promotionEndpoints.apply, { params: { id: data.id }, body });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(promotionQuery(token, data.id, language).queryKey, answer);
      onDone();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }

  return (
    <form className="promo-apply" noValidate onSubmit={submit} aria-labelledby="promo-apply-title">
      <h2 id="promo-apply-title" className="promo-record__title">
        {t('promotions.apply.title')}
      </h2>
      <div className="field">
        <div className="field__label">
          <label htmlFor={remarkId}>{t('promotions.apply.remark')}</label>
        </div>
        <div className="field__frame">
          <textarea
            id={remarkId}
            className="field__input promo-apply__remark"
            rows={3}
            maxLength={PROMOTION_APPLICATION.remarkMax}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            aria-describedby={`${remarkId}-count`}
          />
        </div>
        <p id={`${remarkId}-count`} className="field__hint">
          {t('promotions.apply.count', { count: remark.length, max: PROMOTION_APPLICATION.remarkMax })}
        </p>
      </div>
      <ImagePicker
        label={t('promotions.apply.images')}
        hint={t('promotions.apply.imagesHint')}
        limits={PROMOTION_APPLICATION}
        messages={{
          tooMany: t('promotions.apply.tooMany'),
          wrongType: t('promotions.apply.wrongType'),
          tooLarge: t('promotions.apply.tooLarge'),
        }}
        removeText={t('promotions.apply.remove')}
        removeLabel={(name) => t('promotions.apply.removeFile', { name })}
        files={files}
        onFiles={setFiles}
        error={fileError}
        onError={setFileError}
      />
      {send.isError ? <FormMessage tone="error">{errorText(t, send.error)}</FormMessage> : null}
      <Button type="submit" variant="primary" size="lg" loading={send.isPending}>
        {t('promotions.apply.submit')}
      </Button>
    </form>
  );
}
