import type { Queryable } from '../db/database.ts';
import { hashPassword } from '../platform/crypto.ts';

/**
 * The demo agents' tree (README "Demo agents"): the top agent `demoagent` (its default affiliate code DEMOAGENT and
 * a link DEMOLINK that opens members) with the sub-agent `demosubagent`, the members `demoplayer1` and `demoplayer2`
 * under the top agent and `demoplayer3` under the sub-agent. Every one signs in with DEMO_AGENT_PASSWORD. Seeded
 * only into a demo database that is not a production one (its password is published).
 */
export const DEMO_AGENT_PASSWORD = 'Demo-agent-2026';

export async function seedAgentsTree(tx: Queryable, now: Date): Promise<void> {
  // One hash for all of them: the demo's accounts share the published password.
  const hash = await hashPassword(DEMO_AGENT_PASSWORD);
  const add = async (
    username: string,
    type: number,
    upline: number | null,
    affiliateCode: string | null = null,
  ) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into members (username, nickname, type, upline_id, affiliate_code, password_hash, password_changed_at,
         created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7) on conflict do nothing returning id`,
      [username, username, type, upline, affiliateCode, hash, now],
    );
    return row?.id ?? null;
  };
  const top = await add('demoagent', 1, null, 'DEMOAGENT');
  if (top === null) return;
  const sub = await add('demosubagent', 1, top);
  await add('demoplayer1', 0, top);
  await add('demoplayer2', 0, top);
  await add('demoplayer3', 0, sub);
  await tx.query(
    `insert into agent_links (agent_id, code, account_type, note, created_at)
     values ($1, 'DEMOLINK', 0, 'Demo link', $2) on conflict do nothing`,
    [top, now],
  );
}
