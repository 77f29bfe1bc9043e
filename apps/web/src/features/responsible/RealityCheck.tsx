import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { responsibleEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { signOut } from '../auth/signOut.ts';
import { money } from '../wallet/queries.ts';
import { responsibleKey, responsibleQuery } from './queries.ts';
import { SessionClock } from './SessionClock.tsx';
import './responsible.css';

/**
 * On a play page: the time played in the session (always shown), and the reality check when it comes due. The
 * server refuses the next round until the member has seen the time played and the session's net result and chosen
 * to continue, stop (sign out) or open the account history.
 */
export function RealityCheck() {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useQuery(responsibleQuery(token));
  const ack = useMutation({
    mutationFn: (choice: 'continue' | 'stop' | 'history') =>
      api(responsibleEndpoints.acknowledgeRealityCheck, { body: { choice } }),
    onSuccess: async (overview, choice) => {
      queryClient.setQueryData(responsibleQuery(token).queryKey, overview);
      void queryClient.invalidateQueries({ queryKey: responsibleKey(token) });
      if (choice === 'stop') await signOut(queryClient, () => navigate('/'));
      if (choice === 'history') navigate('/member?page=transactionHistory');
    },
  });
  if (!data) return null;
  const net = `${data.currencySymbol} ${money(data.session.net, data.digits)}`;
  return (
    <>
      <span className="responsible-clock" title={t('responsible.session.played')}>
        <ClockIcon />
        <span className="visually-hidden">{t('responsible.session.played')}</span>
        <SessionClock startedAt={data.session.startedAt} playedSeconds={data.session.playedSeconds} />
      </span>
      <Modal
        open={data.session.realityCheckDue}
        onClose={() => undefined}
        dismissible={false}
        title={t('responsible.reality.dueTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => ack.mutate('history')}>
              {t('responsible.reality.history')}
            </Button>
            <Button variant="secondary" onClick={() => ack.mutate('stop')}>
              {t('responsible.reality.stop')}
            </Button>
            <Button variant="primary" loading={ack.isPending} onClick={() => ack.mutate('continue')}>
              {t('responsible.reality.continue')}
            </Button>
          </>
        }
      >
        <dl className="wallet-facts">
          <div>
            <dt>{t('responsible.session.played')}</dt>
            <dd>
              <SessionClock startedAt={data.session.startedAt} playedSeconds={data.session.playedSeconds} />
            </dd>
          </div>
          <div>
            <dt>{t('responsible.session.net')}</dt>
            <dd>{net}</dd>
          </div>
        </dl>
        {ack.isError ? <FormMessage tone="error">{errorText(t, ack.error)}</FormMessage> : null}
      </Modal>
    </>
  );
}

/**
 * Why play is closed now (a time-out or self-exclusion the member began, told over /ws), or null: the play page
 * puts this in place of the game.
 */
export function usePlayClosed(real: boolean): string | null {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data } = useQuery({ ...responsibleQuery(token), enabled: real && token !== null });
  const block = data?.block;
  if (!real || !block) return null;
  return block.kind === 'time_out'
    ? t('responsible.block.playClosedTimeOut')
    : t('responsible.block.playClosedExclusion');
}
