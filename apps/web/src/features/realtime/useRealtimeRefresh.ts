import { useQueryClient } from '@tanstack/react-query';
import { connectRealtime, realtimeUrl } from '@tessera/ui/realtime';
import { useEffect } from 'react';
import { endSession, getToken, useSession } from '../../app/session.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { loadMemberInfo } from '../auth/member.ts';
import { inboxKey, unreadQuery } from '../inbox/queries.ts';
import { RAIN_KEY } from '../raffle/queries.ts';
import { responsibleKey } from '../responsible/queries.ts';
import { rewardsKey } from '../rewards/queries.ts';
import { applyEventPush, applyPricesPush } from '../sportsbook/live.ts';
import { ticketsKey } from '../sportsbook/queries.ts';
import { supportChatQuery } from '../support/queries.ts';
import { clearOperatorTyping, markOperatorTyping } from '../support/supportPanel.ts';
import { balanceQuery, walletKey, withPushedBalance } from '../wallet/queries.ts';

/**
 * While the app is open, listens on /ws: `settings.changed` makes every query refetch (status, banners,
 * notices …), and so does a reconnection, since events may have been missed while the socket was down. A login
 * or a logout reconnects, so the server knows the socket's member; a session the server ended (revoked elsewhere,
 * expired) ends here at once. `member.changed` (the member's profile changed in another tab, or an operator asked
 * for a new password) reloads the member info, and opens the forced password change when it is asked for;
 * `wallet.changed` (a posting committed) puts the new balance in the header at once and refetches the wallet's
 * pages. `inbox.changed` puts the member's new unread count in the badges and refetches the inbox (after a
 * broadcast, which carries no count, the count too). `rewards.changed` (a reward to claim was issued, claimed or
 * expired) refetches the rewards centre and its count in the badges. `rain.round` (a red envelope rain opened) asks
 * the rain's state again. `responsible.changed` (the member began a time-out or self-exclusion) asks the controls
 * again, which closes the play pages. `sportsbook.event` (an event's live score, minute or status) and
 * `sportsbook.prices` (markets re-priced, suspended or resumed) show in the book's lists, event page and slip at once
 * (features/sportsbook/live.ts).
 */
export function useRealtimeRefresh(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection for each session token
  useEffect(() => {
    const refetchAll = () => void queryClient.invalidateQueries();
    return connectRealtime({
      url: realtimeUrl(),
      token: getToken,
      onSessionEnded: endSession,
      onEvent: (event) => {
        if (event.type === 'settings.changed') refetchAll();
        if (event.type === 'wallet.changed') {
          const current = getToken();
          queryClient.setQueryData(balanceQuery(current).queryKey, (balances) =>
            withPushedBalance(balances, event.sumBalance),
          );
          void queryClient.invalidateQueries({ queryKey: walletKey(current) });
          // A payout or refund of a bet settled meanwhile (by a job, maybe a minute later): My bets asks again.
          void queryClient.invalidateQueries({ queryKey: ticketsKey(current) });
        }
        if (event.type === 'inbox.changed') {
          const current = getToken();
          if (event.unread !== null) queryClient.setQueryData(unreadQuery(current).queryKey, event.unread);
          void queryClient.invalidateQueries({
            queryKey: inboxKey(current),
            predicate: (query) => event.unread === null || query.queryKey[3] !== 'unread',
          });
        }
        if (event.type === 'rewards.changed') {
          void queryClient.invalidateQueries({ queryKey: rewardsKey(getToken()) });
        }
        // A time-out or self-exclusion began (the play pages close), or the reality check fell due (its dialog
        // shows): the controls are asked again.
        if (event.type === 'responsible.changed' || event.type === 'responsible.reality_check') {
          void queryClient.invalidateQueries({ queryKey: responsibleKey(getToken()) });
        }
        // Customer service: a message, an assignment, a resolution or a read receipt refetches the chat; the
        // operator's typing shows its sign for a few seconds.
        if (event.type === 'support.changed') {
          clearOperatorTyping();
          void queryClient.invalidateQueries({ queryKey: supportChatQuery(getToken()).queryKey });
        }
        if (event.type === 'support.typing') markOperatorTyping();
        if (event.type === 'sportsbook.event') applyEventPush(queryClient, event, ticketsKey(getToken()));
        if (event.type === 'sportsbook.prices') applyPricesPush(queryClient, event);
        if (event.type === 'rain.round') void queryClient.invalidateQueries({ queryKey: RAIN_KEY });
        if (event.type === 'member.changed') {
          loadMemberInfo(queryClient).then((info) => {
            if (info?.mustChangePassword) openAuthModal('changePassword', { forced: true });
          }, refetchAll);
        }
      },
      // The first connection: what has already come may be older than a change pushed before the socket was
      // there (a page opened as the operator switched maintenance on), so it is asked again; what is still on its way
      // is left to come. A reconnection may have missed anything: everything is asked again.
      onOpen: (first) =>
        first
          ? void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'success' })
          : refetchAll(),
    });
  }, [queryClient, token]);
}
