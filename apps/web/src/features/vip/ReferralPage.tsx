import { useQuery } from '@tanstack/react-query';
import type { ReferralOverview } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { CopyIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, StatusBadge, type StatusTone } from '../../ui/index.ts';
import { Table } from '../../ui/Table.tsx';
import { money } from '../wallet/queries.ts';
import { referralQuery } from './queries.ts';
import '../wallet/wallet.css';
import './vip.css';

type Friend = ReferralOverview['friends'][number];
const TONES: Record<Friend['status'], StatusTone> = {
  qualified: 'success',
  pending: 'attention',
  refused: 'neutral',
};

/**
 * The member centre's referral page: the member's referral code and registration link with copy buttons, the rules
 * of the reward, and the friends the code brought (names masked, registered date, qualified or not).
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const referral = useQuery(referralQuery(token));
  const data = referral.data;
  if (referral.isError) return <FormMessage tone="error">{errorText(t, referral.error)}</FormMessage>;
  if (!data) return <CenteredSpinner label={t('common.loading')} />;
  const amount = (value: number) => `${data.currencySymbol} ${money(value, data.digits)}`;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const link = data.path ? `${window.location.origin}${data.path}` : '';
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.referral')}</h2>
      <section className="referral-code" aria-label={t('referral.yourCode')}>
        <div className="referral-code__row">
          <span className="referral-code__value">{data.code || '—'}</span>
          {data.code ? <CopyButton text={data.code} name={t('referral.copyCode')} /> : null}
        </div>
        {link ? (
          <div className="referral-code__row">
            <span className="referral-code__link">{link}</span>
            <CopyButton text={link} name={t('referral.copyLink')} />
          </div>
        ) : null}
      </section>
      <p className="vip-card__line">
        {t('referral.rule', {
          percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
            data.rewardPercent / 100,
          ),
          deposit: amount(data.minDeposit),
          days: data.periodDays,
        })}
        {data.rewardCap > 0 ? ` ${t('referral.rewardCap', { amount: amount(data.rewardCap) })}` : ''}
        {data.maxRewards > 0 ? ` ${t('referral.cap', { count: data.maxRewards })}` : ''}
      </p>
      <dl className="wallet-facts">
        <div>
          <dt>{t('referral.friends')}</dt>
          <dd>{new Intl.NumberFormat(locale).format(data.friends.length)}</dd>
        </div>
        <div>
          <dt>{t('referral.rewarded')}</dt>
          <dd>{new Intl.NumberFormat(locale).format(data.rewardsPaid)}</dd>
        </div>
        <div>
          <dt>{t('referral.total')}</dt>
          <dd>{amount(data.totalReward)}</dd>
        </div>
      </dl>
      <Table
        caption={t('referral.friends')}
        rows={data.friends}
        rowKey={(friend) => `${friend.username}-${friend.registeredAt}`}
        empty={<p className="vip-card__line">{t('referral.none')}</p>}
        columns={[
          { key: 'username', header: t('referral.columns.friend'), render: (friend) => friend.username },
          {
            key: 'registered',
            header: t('referral.columns.registered'),
            render: (friend) => date.format(new Date(friend.registeredAt)),
          },
          {
            key: 'status',
            header: t('referral.columns.status'),
            render: (friend) => (
              <StatusBadge tone={TONES[friend.status]}>{t(`referral.status.${friend.status}`)}</StatusBadge>
            ),
          },
          {
            key: 'deposits',
            header: t('referral.columns.deposits'),
            className: 'num',
            render: (friend) => (friend.deposits > 0 ? amount(friend.deposits) : '—'),
          },
          {
            key: 'reward',
            header: t('referral.columns.reward'),
            className: 'num',
            render: (friend) => (friend.reward > 0 ? amount(friend.reward) : '—'),
          },
        ]}
      />
    </div>
  );
}

function CopyButton({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<CopyIcon />}
      aria-label={name}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? t('referral.copied') : t('referral.copy')}
    </Button>
  );
}
