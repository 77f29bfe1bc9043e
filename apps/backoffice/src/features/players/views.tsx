import { MEMBER_TYPES, type PlayerRow } from '@tessera/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Card.tsx';

/** The member types of §3 with their names, in the order the type filter lists them. */
export const PLAYER_TYPES = Object.values(MEMBER_TYPES);

export function playerTypeName(type: number, t: TFunction): string {
  return t(`players.types.${type}`, { defaultValue: String(type) });
}

/** "+84 912345678", or "" without a number. */
export function mobileText(player: Pick<PlayerRow, 'countryDialingCode' | 'mobileNum'>): string {
  if (!player.mobileNum) return '';
  return player.countryDialingCode ? `+${player.countryDialingCode} ${player.mobileNum}` : player.mobileNum;
}

export function PlayerStatusBadge({ status }: { status: PlayerRow['status'] }) {
  const { t } = useTranslation();
  return status === 'locked' ? (
    <Badge tone="danger">{t('players.statuses.locked')}</Badge>
  ) : (
    <Badge tone="success">{t('players.statuses.active')}</Badge>
  );
}

/** A failed login's reason in words; a reason this console does not know, as the server wrote it. */
export function failureReason(reason: string, t: TFunction): string {
  return t(`loginFailures.reasons.${reason}`, { defaultValue: reason });
}
