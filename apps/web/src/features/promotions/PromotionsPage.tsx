import { useQuery } from '@tanstack/react-query';
import { PROMOTION_CATEGORIES, type PromotionCard, type PromotionCategory } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { useDateLocale, useSiteLanguage } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { GiftIcon } from '../../ui/icons.tsx';
import { CenteredSpinner, DocumentTitle, LazyImage, PageHero, StatusBadge } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { money } from '../wallet/queries.ts';
import { promotionsQuery } from './queries.ts';
import { headline, STATUS_TONE, ticketsLine } from './status.ts';
import './promotions.css';

type Tab = 'ALL' | PromotionCategory;

/**
 * /promotions: every running (and lately ended) promotion by category, each a card with its picture, headline,
 * period and this caller's status (a visitor sees everyone's), leading to /promoDetail?id=. The banner group
 * w_promotion shows above it (the layout's, by path).
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const siteName = useSiteName();
  const language = useSiteLanguage();
  const [params, update] = useUrlState();
  const asked = params.get('category');
  const selected: Tab = (PROMOTION_CATEGORIES as readonly string[]).includes(asked ?? '')
    ? (asked as PromotionCategory)
    : 'ALL';
  const list = useQuery(promotionsQuery(token, selected === 'ALL' ? null : selected, language));
  const tabs = (['ALL', ...PROMOTION_CATEGORIES] as const).map((key) => ({
    key,
    label: t(`promotions.categories.${key}`),
  }));
  return (
    <div className="container promotions-page">
      <DocumentTitle>{`${t('pages.promotions')} · ${siteName}`}</DocumentTitle>
      <PageHero
        icon={GiftIcon}
        eyebrow={t('pages.promotions')}
        title={t('promotions.title')}
        lead={t('promotions.lead')}
      />
      <Tabs
        label={t('promotions.categoriesLabel')}
        tabs={tabs}
        selected={selected}
        onSelect={(key) => update({ category: key === 'ALL' ? null : key })}
        scrollArrows={{ previous: t('promotions.previousCategories'), next: t('promotions.nextCategories') }}
      >
        {list.isError ? <FormMessage tone="error">{errorText(t, list.error)}</FormMessage> : null}
        {!list.data ? (
          list.isError ? null : (
            <CenteredSpinner label={t('common.loading')} />
          )
        ) : list.data.list.length === 0 ? (
          <p className="promotions-empty">{t('promotions.none')}</p>
        ) : (
          <ul className="promotions-grid">
            {list.data.list.map((promotion) => (
              <li key={promotion.id}>
                <Card promotion={promotion} currency={list.data} />
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  );
}

function Card({
  promotion,
  currency,
}: {
  promotion: PromotionCard;
  currency: { currencySymbol: string; digits: number };
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const amount = (value: number) => `${currency.currencySymbol} ${money(value, currency.digits)}`;
  const figure = headline(promotion, amount, (percent, cap) =>
    t('promotions.depositHeadline', { percent, cap }),
  );
  const tickets = ticketsLine(promotion, locale, (count, value) =>
    t('promotions.plusTickets', { count, value }),
  );
  return (
    <Link className="promotion-card" to={`/promoDetail?id=${promotion.id}`}>
      <div className="promotion-card__media">
        {promotion.imageUrl ? (
          <LazyImage src={promotion.imageUrl} alt="" />
        ) : (
          <span className="promotion-card__art" aria-hidden="true">
            <GiftIcon />
          </span>
        )}
        <StatusBadge tone={STATUS_TONE[promotion.status]} className="promotion-card__status">
          {t(`promotions.status.${promotion.status}`)}
        </StatusBadge>
      </div>
      <div className="promotion-card__body">
        <p className="promotion-card__category">{t(`promotions.categories.${promotion.category}`)}</p>
        <h2 className="promotion-card__title">{promotion.title}</h2>
        {figure ? <p className="promotion-card__figure">{figure}</p> : null}
        {tickets ? <p className="promotion-card__tickets">{tickets}</p> : null}
        <p className="promotion-card__period">
          {promotion.endsAt
            ? t('promotions.period', {
                from: formatDateTime(promotion.startsAt, locale),
                to: formatDateTime(promotion.endsAt, locale),
              })
            : t('promotions.from', { from: formatDateTime(promotion.startsAt, locale) })}
        </p>
      </div>
    </Link>
  );
}
