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

/** Why the gate stops the visitor: no token (login pop-up), or not the right account (warning). */
export function gateRefusal(level: GateLevel, session: SessionState): 'login' | 'needRealAccount' | null {
  if (!session.token) return 'login';
  if (level === 'login') return null;
  const isAgent = session.member?.isAgent ?? session.isAgent;
  if (isAgent === TRIAL_ACCOUNT_IS_AGENT) return 'needRealAccount';
  if (level === 'agent' && !(AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(isAgent ?? -1)) {
    return 'needRealAccount';
  }
  return null;
}

/**
 * §5 login gate: without a token the login pop-up opens; a trial account (or a non-agent at the agent centre)
 * gets the warning in_need_true_account with in_increase_submit. Answers whether the action may go on.
 */
export function passGate(level: GateLevel): boolean {
  const refusal = gateRefusal(level, getSession());
  if (refusal) openAuthModal(refusal);
  return refusal === null;
}
