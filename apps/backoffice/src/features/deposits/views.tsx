import { useQuery } from '@tanstack/react-query';
import {
  type CallbackOutcome,
  type DepositStatus,
  depositConsoleEndpoints,
  type PaymentChannelKind,
} from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { reasonText as storedReasonText } from '../../app/RejectReasonField.tsx';
import { Badge } from '../../ui/Card.tsx';

const STATUS_TONES = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'danger',
  failed: 'danger',
} as const satisfies Record<DepositStatus, string>;

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`deposits.statuses.${status}`)}</Badge>;
}

export function ChannelKindBadge({ kind }: { kind: PaymentChannelKind }) {
  const { t } = useTranslation();
  return <Badge tone={kind === 'gateway' ? 'accent' : 'neutral'}>{t(`paymentChannels.kinds.${kind}`)}</Badge>;
}

const OUTCOME_TONES: Record<CallbackOutcome, 'success' | 'neutral' | 'warning' | 'danger'> = {
  credited: 'success',
  failed: 'warning',
  duplicate: 'neutral',
  not_pending: 'warning',
  still_pending: 'neutral',
  refused_channel: 'danger',
  refused_malformed: 'danger',
  refused_signature: 'danger',
  refused_order: 'danger',
  refused_amount: 'danger',
};

export function OutcomeBadge({ outcome }: { outcome: CallbackOutcome }) {
  const { t } = useTranslation();
  return <Badge tone={OUTCOME_TONES[outcome]}>{t(`gatewayCallbacks.outcomes.${outcome}`)}</Badge>;
}

/** The text of a reason: the site's own reasons (gateway_failed …) and the presets translated, an operator's as written. */
export function reasonText(reason: string, t: (key: string) => string, exists: (key: string) => boolean) {
  return storedReasonText(reason, 'deposits.reasons', t, exists);
}

/** Every payment channel (finance reads the list), for the channel filters. */
export function useChannelOptions() {
  const { t } = useTranslation();
  const channels = useQuery({
    queryKey: ['payment-channels'],
    queryFn: ({ signal }) => call(depositConsoleEndpoints.channels.list, { signal }),
  });
  return [
    { value: '', label: t('deposits.allChannels') },
    ...(channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channel.name })),
  ];
}
