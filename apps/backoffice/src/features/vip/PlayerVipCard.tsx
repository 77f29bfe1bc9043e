import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vipConsoleEndpoints as api } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { useMoney } from '../lottery/lottery.ts';
import './vip.css';

/** A label as a coloured chip. */
export function LabelChip({ label }: { label: { name: string; color: string } }) {
  return (
    <span className="label-chip" style={label.color ? { borderColor: label.color } : undefined}>
      <span className="label-chip__dot" style={label.color ? { background: label.color } : undefined} />
      {label.name}
    </span>
  );
}

/** A player's VIP level, growth and rewards, and its labels, assigned and removed by hand (audited). */
export function PlayerVipCard({ playerId, username }: { playerId: number; username: string }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const money = useMoney();
  const queryClient = useQueryClient();
  const key = [api.playerVip.path, playerId];
  const vip = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(api.playerVip, { params: { id: playerId }, signal }),
  });
  const labels = useQuery({
    queryKey: [api.labels.path],
    queryFn: ({ signal }) => call(api.labels, { signal }),
  });
  const editable = mayCall(operator?.role, api.assignLabel);
  const [chosen, setChosen] = useState('');
  const change = useMutation({
    mutationFn: ({ labelId, assign }: { labelId: number; assign: boolean }) =>
      assign
        ? call(api.assignLabel, { params: { id: playerId }, body: { labelId } })
        : call(api.unassignLabel, { params: { id: playerId, labelId } }),
    onSuccess: (value) => {
      queryClient.setQueryData(key, value);
      setChosen('');
      void queryClient.invalidateQueries({ queryKey: [api.labels.path] });
    },
  });
  return (
    <Card title={t('vip.playerTitle')}>
      <QueryView query={vip}>
        {(data) => {
          const free = (labels.data ?? []).filter(
            (label) => !data.labels.some((held) => held.id === label.id),
          );
          return (
            <div className="stack">
              <DetailList
                items={[
                  {
                    label: t('vip.level'),
                    value: `${data.rankName} (${t('vip.rank', { rank: data.rank })})`,
                  },
                  { label: t('vip.growth'), value: new Intl.NumberFormat().format(data.growth) },
                  {
                    label: t('vip.rewardsTitle'),
                    value:
                      data.rewards.length === 0
                        ? t('vip.noRewards')
                        : data.rewards
                            .map(
                              (reward) =>
                                `${t(`vip.kinds.${reward.kind}`)} ${reward.period}: ${money.format(reward.amount)} (${t(`vip.statuses.${reward.status}`)})`,
                            )
                            .join(' · '),
                  },
                ]}
              />
              <div className="stack">
                <h3 className="cell-strong">{t('labels.title')}</h3>
                {data.labels.length === 0 ? <p className="subtle">{t('labels.none', { username })}</p> : null}
                <ul className="label-list" aria-label={t('labels.ofPlayer', { username })}>
                  {data.labels.map((label) => (
                    <li key={label.id}>
                      <LabelChip label={label} />
                      {editable ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          icon={<Icon name="x" size={14} />}
                          aria-label={t('labels.unassignNamed', { name: label.name })}
                          onClick={() => change.mutate({ labelId: label.id, assign: false })}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
                {editable && free.length > 0 ? (
                  <div className="label-assign">
                    <Select
                      label={t('labels.add')}
                      value={chosen}
                      onChange={(event) => setChosen(event.target.value)}
                      options={[
                        { value: '', label: t('labels.choose') },
                        ...free.map((label) => ({ value: String(label.id), label: label.name })),
                      ]}
                    />
                    <Button
                      variant="primary"
                      disabled={!chosen}
                      loading={change.isPending}
                      onClick={() => change.mutate({ labelId: Number(chosen), assign: true })}
                    >
                      {t('labels.assign')}
                    </Button>
                  </div>
                ) : null}
                {change.isError ? <Alert tone="error" title={errorText(t, change.error)} /> : null}
              </div>
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
