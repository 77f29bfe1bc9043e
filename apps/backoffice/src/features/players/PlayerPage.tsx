import { useQuery } from '@tanstack/react-query';
import {
  accountsConsoleEndpoints as bo,
  responsibleConsoleEndpoints,
  riskConsoleEndpoints,
  vipConsoleEndpoints,
  walletConsoleEndpoints,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { canUse, mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { NotFoundPage } from '../../app/guards.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { PlayerResponsibleCard } from '../responsible/PlayerResponsibleCard.tsx';
import { PlayerPictureCard, PlayerRiskCard } from '../risk/PlayerRiskCards.tsx';
import { PlayerVipCard } from '../vip/PlayerVipCard.tsx';
import { PlayerObligationsCard } from '../wallet/PlayerObligationsCard.tsx';
import { PlayerWalletCard } from '../wallet/PlayerWalletCard.tsx';
import { PlayerActions, type PlayerDetail } from './PlayerActions.tsx';
import { ProfileEditDialog } from './ProfileEditDialog.tsx';
import { failureReason, mobileText, PlayerStatusBadge, playerTypeName } from './views.tsx';
import './players.css';

type Login = PlayerDetail['recentLogins'][number];
type Failure = PlayerDetail['recentFailures'][number];
type MobileChange = PlayerDetail['mobileChanges'][number];
type ProfileChange = PlayerDetail['profileChanges'][number];

/**
 * One player: status, profile, mobile number changes, recent logins and failed logins, and what an operator may do
 * about them.
 */
export function PlayerPage() {
  const { id } = useParams();
  const playerId = Number(id);
  const valid = Number.isInteger(playerId) && playerId > 0;
  const player = useQuery({
    queryKey: ['player', playerId],
    queryFn: ({ signal }) => call(bo.player, { params: { id: playerId }, signal }),
    enabled: valid,
  });
  const { t } = useTranslation();
  if (!valid) return <NotFoundPage />;
  return (
    <>
      <p className="back-link">
        <Link to="/players">
          <Icon name="arrowLeft" size={14} />
          {t('players.back')}
        </Link>
      </p>
      <QueryView query={player}>{(data) => <PlayerView player={data} />}</QueryView>
    </>
  );
}

function PlayerView({ player }: { player: PlayerDetail }) {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const [editing, setEditing] = useState(false);

  const logins: Column<Login>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    monoColumn('ip', t('players.ip'), (row) => row.ip),
    monoColumn('device', t('players.device'), (row) => row.device),
    { key: 'type', header: t('players.loginType'), render: (row) => <Badge>{row.loginType}</Badge> },
    {
      key: 'userAgent',
      header: t('players.userAgent'),
      render: (row) => <span className="subtle user-agent">{row.userAgent || '—'}</span>,
    },
  ];
  const failures: Column<Failure>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    monoColumn('ip', t('players.ip'), (row) => row.ip),
    monoColumn('device', t('players.device'), (row) => row.device),
    {
      key: 'reason',
      header: t('loginFailures.reason'),
      render: (row) => <Badge tone="warning">{failureReason(row.reason, t)}</Badge>,
    },
  ];

  const profileChanges: Column<ProfileChange>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    { key: 'field', header: t('players.field'), render: (row) => t(`players.fields.${row.field}`) },
    monoColumn('before', t('players.valueBefore'), (row) => row.oldValue || '—'),
    monoColumn('after', t('players.valueAfter'), (row) => row.newValue || '—'),
    { key: 'operator', header: t('players.changedBy'), render: (row) => row.operator },
  ];
  const mobileChanges: Column<MobileChange>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    monoColumn('before', t('players.mobileBefore'), (row) =>
      mobileText({ countryDialingCode: row.oldCountryDialingCode ?? '', mobileNum: row.oldMobileNum ?? '' }),
    ),
    monoColumn('after', t('players.mobileAfter'), (row) => mobileText(row)),
  ];

  return (
    <>
      <PageHeader
        title={
          <span className="player-title">
            {player.username}
            <PlayerStatusBadge status={player.status} />
          </span>
        }
        description={t('players.detailDescription', {
          id: player.id,
          type: playerTypeName(player.type, t),
          date: when(player.createdAt),
        })}
      />
      <div className="stack-lg">
        <Card title={t('players.statusTitle')} actions={<PlayerActions player={player} />}>
          <DetailList
            items={[
              { label: t('common.status'), value: <PlayerStatusBadge status={player.status} /> },
              { label: t('players.lockedReason'), value: player.lockedReason },
              {
                label: t('players.loginLockedUntil'),
                value: player.loginLockedUntil ? when(player.loginLockedUntil) : t('players.notLoginLocked'),
              },
              { label: t('players.mustChangePassword'), value: yesNo(player.mustChangePassword) },
              { label: t('players.passwordChangedAt'), value: when(player.passwordChangedAt) },
              { label: t('players.passwordExpiresAt'), value: when(player.passwordExpiresAt) },
            ]}
          />
        </Card>
        {mayCall(operator?.role, walletConsoleEndpoints.memberLedger) ? (
          <PlayerWalletCard playerId={player.id} username={player.username} />
        ) : null}
        {mayCall(operator?.role, vipConsoleEndpoints.playerVip) ? (
          <PlayerVipCard playerId={player.id} username={player.username} />
        ) : null}
        {mayCall(operator?.role, walletConsoleEndpoints.memberObligations) ? (
          <PlayerObligationsCard playerId={player.id} />
        ) : null}
        {mayCall(operator?.role, responsibleConsoleEndpoints.member) ? (
          <PlayerResponsibleCard playerId={player.id} />
        ) : null}
        {mayCall(operator?.role, walletConsoleEndpoints.memberPicture) ? (
          <PlayerPictureCard playerId={player.id} />
        ) : null}
        {mayCall(operator?.role, riskConsoleEndpoints.memberRisk) ? (
          <PlayerRiskCard playerId={player.id} />
        ) : null}
        <Card
          title={t('players.profileTitle')}
          actions={
            mayCall(operator?.role, bo.editProfile) ? (
              <Button size="sm" icon={<Icon name="edit" />} onClick={() => setEditing(true)}>
                {t('players.editProfile')}
              </Button>
            ) : null
          }
        >
          <DetailList
            items={[
              { label: t('players.id'), value: player.id, mono: true },
              { label: t('players.username'), value: player.username, mono: true },
              { label: t('players.nickname'), value: player.nickname },
              { label: t('players.type'), value: playerTypeName(player.type, t) },
              { label: t('players.mobile'), value: mobileText(player), mono: true },
              { label: t('players.email'), value: player.email },
              { label: t('players.payeeName'), value: player.payeeName },
              { label: t('common.language'), value: player.language },
              { label: t('players.affiliateCode'), value: player.affiliateCode },
              { label: t('players.referralCode'), value: player.referralCode },
              {
                label: t('players.uplineId'),
                value: player.uplineId ? (
                  <Link to={`/players/${player.uplineId}`}>{player.uplineId}</Link>
                ) : null,
              },
              { label: t('players.registeredAt'), value: when(player.createdAt) },
              { label: t('players.registerIp'), value: player.registerIp, mono: true },
              { label: t('players.registerDomain'), value: player.registerDomain },
              { label: t('players.lastLogin'), value: when(player.lastLoginAt) },
              { label: t('players.lastLoginIp'), value: player.lastLoginIp, mono: true },
            ]}
          />
        </Card>
        <Card title={t('players.profileChanges')}>
          <Table
            caption={t('players.profileChanges')}
            columns={profileChanges}
            rows={player.profileChanges}
            rowKey={(row) => `${row.at}-${row.field}`}
            empty={<EmptyState icon="check" title={t('players.noProfileChanges')} />}
          />
        </Card>
        <Card title={t('players.mobileChanges')}>
          <p className="subtle">{t('players.mobileChangesNote')}</p>
          <Table
            caption={t('players.mobileChanges')}
            columns={mobileChanges}
            rows={player.mobileChanges}
            rowKey={(row) => `${row.at}-${row.mobileNum}`}
            empty={<EmptyState icon="check" title={t('players.noMobileChanges')} />}
          />
        </Card>
        <Card title={t('players.recentLogins')}>
          <Table
            caption={t('players.recentLogins')}
            columns={logins}
            rows={player.recentLogins}
            rowKey={(row) => `${row.at}-${row.ip}`}
            empty={<EmptyState icon="user" title={t('players.noLogins')} />}
          />
        </Card>
        <Card
          title={t('players.recentFailures')}
          actions={
            canUse(operator?.role, 'loginFailures') ? (
              <Link to={`/login-failures?username=${encodeURIComponent(player.username)}`}>
                {t('players.allFailures')}
              </Link>
            ) : null
          }
        >
          <Table
            caption={t('players.recentFailures')}
            columns={failures}
            rows={player.recentFailures}
            rowKey={(row) => `${row.at}-${row.ip}-${row.reason}`}
            empty={<EmptyState icon="check" title={t('players.noFailures')} />}
          />
        </Card>
      </div>
      {editing ? <ProfileEditDialog player={player} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
