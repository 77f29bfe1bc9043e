import type { LinkedAccount, RiskFlag } from '@tessera/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { Badge } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { type Column, Table } from '../../ui/Table.tsx';

/** What the rule read, in the operator's words: "win 1,000.00 · stake 10.00 · multiple 100". */
function evidenceText(flag: RiskFlag, t: TFunction, language: string): string {
  const number = (value: number) => value.toLocaleString(language);
  return Object.entries(flag.evidence)
    .filter(([key]) => key !== 'subjects')
    .map(([key, value]) => {
      const label = t(`risk.evidence.${key}`, { defaultValue: key });
      const shown = Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'number'
          ? number(value)
          : typeof value === 'boolean'
            ? t(value ? 'common.yes' : 'common.no')
            : value;
      return `${label} ${shown}`;
    })
    .join(' · ');
}

function RuleBadge({ flag }: { flag: Pick<RiskFlag, 'rule' | 'resolvedAt'> }) {
  const { t } = useTranslation();
  return <Badge tone={flag.resolvedAt ? 'neutral' : 'danger'}>{t(`risk.rules.${flag.rule}`)}</Badge>;
}

/** Flags with their rule, evidence, time and resolution; `actions` adds a column (resolve). */
export function FlagsTable({
  flags,
  caption,
  showMember = false,
  actions,
}: {
  flags: RiskFlag[];
  caption: string;
  showMember?: boolean;
  actions?: Column<RiskFlag>;
}) {
  const { t, i18n } = useTranslation();
  const columns: Column<RiskFlag>[] = [
    dateTimeColumn('createdAt', t('risk.raisedAt'), i18n.language, (row) => row.createdAt),
    ...(showMember
      ? [
          {
            key: 'member',
            header: t('risk.member'),
            render: (row: RiskFlag) => <Link to={`/players/${row.memberId}`}>{row.username}</Link>,
          },
        ]
      : []),
    {
      key: 'rule',
      header: t('risk.rule'),
      render: (row) => (
        <>
          <RuleBadge flag={row} />
          <span className="cell-below mono">{row.subject}</span>
        </>
      ),
    },
    {
      key: 'evidence',
      header: t('risk.evidenceTitle'),
      render: (row) => <span className="subtle">{evidenceText(row, t, i18n.language)}</span>,
    },
    {
      key: 'resolution',
      header: t('risk.resolution'),
      render: (row) =>
        row.resolvedAt ? (
          <>
            <Badge tone="success">{t('risk.resolved')}</Badge>
            <span className="cell-below">{row.resolutionNote}</span>
            <span className="cell-below subtle">{row.resolvedBy}</span>
          </>
        ) : (
          <Badge tone="warning">{t('risk.open')}</Badge>
        ),
    },
    ...(actions ? [actions] : []),
  ];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={flags}
      rowKey={(row) => String(row.id)}
      empty={<EmptyState icon="check" title={t('risk.noFlags')} />}
    />
  );
}

export function LinkedAccountsTable({ rows }: { rows: LinkedAccount[] }) {
  const { t } = useTranslation();
  const columns: Column<LinkedAccount>[] = [
    {
      key: 'member',
      header: t('risk.member'),
      render: (row) => <Link to={`/players/${row.memberId}`}>{row.username}</Link>,
    },
    { key: 'via', header: t('risk.via'), render: (row) => <Badge>{t(`risk.vias.${row.via}`)}</Badge> },
    monoColumn('value', t('risk.sharedValue'), (row) => row.value),
  ];
  return (
    <Table
      caption={t('risk.linkedAccounts')}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.via}-${row.value}-${row.memberId}`}
      empty={<EmptyState icon="check" title={t('risk.noLinkedAccounts')} />}
    />
  );
}

interface Place {
  device: string;
  ip: string;
  userAgent: string;
  signIns: number;
  lastAt: string;
}

export function PlacesTable({ rows }: { rows: Place[] }) {
  const { t, i18n } = useTranslation();
  const columns: Column<Place>[] = [
    monoColumn('device', t('players.device'), (row) => row.device || '—'),
    monoColumn('ip', t('players.ip'), (row) => row.ip),
    {
      key: 'userAgent',
      header: t('players.userAgent'),
      render: (row) => <span className="subtle user-agent">{row.userAgent || '—'}</span>,
    },
    {
      key: 'signIns',
      header: t('risk.signIns'),
      className: 'num',
      render: (row) => row.signIns.toLocaleString(i18n.language),
    },
    dateTimeColumn('lastAt', t('risk.lastSignIn'), i18n.language, (row) => row.lastAt),
  ];
  return (
    <Table
      caption={t('risk.places')}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.device}-${row.ip}`}
      empty={<EmptyState icon="user" title={t('players.noLogins')} />}
    />
  );
}

/** A member's money per kind (lifetime, a period or since the last withdrawal) as labelled figures. */
export function moneyItems(
  totals: {
    deposits: number;
    withdrawals: number;
    stakes: number;
    payouts: number;
    ggr: number;
    bonuses: number;
  },
  money: (amount: number) => string,
  t: TFunction,
) {
  return (['deposits', 'withdrawals', 'stakes', 'payouts', 'ggr', 'bonuses'] as const).map((key) => ({
    label: t(`risk.totals.${key}`),
    value: money(totals[key]),
    mono: true,
  }));
}
