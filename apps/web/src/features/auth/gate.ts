import { AGENT_CENTRE_IS_AGENT_VALUES, TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import { getSession, type SessionState } from '../../app/session.ts';
import { openAuthModal } from './authModal.ts';

/**
 * What an action or a page asks of the visitor (§5 login gate, §6 roles):
 * - login: a token;
 * - member: a token and not a trial account (member centre, deposit, withdraw, gated game actions);
 * - agent: a token and isAgent 1, 2, 41 or 42 (agent centre).
 */
export type GateLevel = 'login' | 'member' | 'agent';

/** Who is at the site: no token, a trial account (free play), a member, or an agent (§3 isAgent). */
export type AccountKind = 'visitor' | 'trial' | 'member' | 'agent';

export function accountKind(session: SessionState): AccountKind {
  if (!session.token) return 'visitor';
  const isAgent = session.member?.isAgent ?? session.isAgent;
  if (isAgent === TRIAL_ACCOUNT_IS_AGENT) return 'trial';
  return (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(isAgent ?? -1) ? 'agent' : 'member';
}

/**
 * Why the gate stops the visitor: no token (login pop-up), a trial account (warning), or a member who is not an
 * agent at the agent centre (the join-us page, which explains the agent programme and how to apply).
 */
export function gateRefusal(
  level: GateLevel,
  session: SessionState,
): 'login' | 'needRealAccount' | 'notAgent' | 'pending' | null {
  const kind = accountKind(session);
  if (kind === 'visitor') return 'login';
  if (level === 'login') return null;
  if (kind === 'trial') return 'needRealAccount';
  if (level === 'agent' && kind !== 'agent') {
    // A session opened without the login's values (a new tab) knows whether it is an agent's only once the member's
    // info has come: until then the agent centre waits rather than sending an agent to the join-us page.
    return (session.member?.isAgent ?? session.isAgent) == null ? 'pending' : 'notAgent';
  }
  return null;
}

/**
 * §5 login gate: without a token the login pop-up opens; a trial account gets the warning in_need_true_account
 * with in_increase_submit. Answers whether the action may go on; a member who is not an agent is for the caller to
 * send to the join-us page.
 */
export function passGate(level: GateLevel): boolean {
  const refusal = gateRefusal(level, getSession());
  if (refusal === 'login' || refusal === 'needRealAccount') openAuthModal(refusal);
  return refusal === null;
}
