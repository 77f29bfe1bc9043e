import type { Queryable } from '../db/database.ts';

/**
 * Agent contracts in the seed: the inbox messages contracts send (configuration, always), and contracts on the demo
 * agents' tree (agents-tree.ts, demo accounts only).
 */

/** Message templates of the contracts: [code, placeholders, { language: [title, content] }]. */
export const AGENT_CONTRACT_MESSAGES: [string, string[], Record<'EN' | 'VI' | 'CN', [string, string]>][] = [
  [
    'AGENT_CONTRACT_OFFERED',
    ['kind', 'product'],
    {
      EN: [
        'New contract offer',
        'You are offered a {kind} contract ({product}). Open the agent centre to answer it.',
      ],
      VI: [
        'Đề nghị hợp đồng mới',
        'Bạn nhận được đề nghị hợp đồng {kind} ({product}). Mở trung tâm đại lý để trả lời.',
      ],
      CN: ['新的契约邀请', '您收到一份{kind}契约（{product}），请到代理中心处理。'],
    },
  ],
  [
    'AGENT_CONTRACT_ANSWERED',
    ['kind', 'product', 'agent', 'answer'],
    {
      EN: ['Contract answered', '{agent} {answer} the {kind} contract ({product}).'],
      VI: ['Hợp đồng đã được trả lời', '{agent} {answer} hợp đồng {kind} ({product}).'],
      CN: ['契约已答复', '{agent}{answer}{kind}契约（{product}）。'],
    },
  ],
  [
    'AGENT_CONTRACT_TERMINATION_REQUESTED',
    ['kind', 'product'],
    {
      EN: [
        'Contract termination requested',
        'Your upline asks to end your {kind} contract ({product}). Open the agent centre to confirm or refuse.',
      ],
      VI: [
        'Yêu cầu chấm dứt hợp đồng',
        'Tuyến trên đề nghị chấm dứt hợp đồng {kind} ({product}) của bạn. Mở trung tâm đại lý để xác nhận hoặc từ chối.',
      ],
      CN: ['契约终止请求', '您的上级请求终止您的{kind}契约（{product}），请到代理中心确认或拒绝。'],
    },
  ],
  [
    'AGENT_CONTRACT_CANCELLED',
    ['kind', 'product', 'reason'],
    {
      EN: ['Contract cancelled', 'Your {kind} contract ({product}) was cancelled: {reason}.'],
      VI: ['Hợp đồng bị hủy', 'Hợp đồng {kind} ({product}) của bạn đã bị hủy: {reason}.'],
      CN: ['契约已取消', '您的{kind}契约（{product}）已被取消：{reason}。'],
    },
  ],
];

/** A tier as agent_contracts stores it (minor units, 'P' rates in millionths). */
const tier = (minimumBet: number, netLoss: number, activeMember: number, rate: number, rateType = 'P') => ({
  minimumBet: String(minimumBet),
  netLoss: String(netLoss),
  activeMember,
  rateType,
  rate: String(rate),
});

/**
 * Contracts on the demo tree (agents-tree.ts, seeded before): the platform gave `demoagent` a LOTT dividend, a CONS
 * daily salary and a CONS real-time salary; `demoagent` gave `demosubagent` a lower dividend and real-time salary,
 * and offers it a daily salary that waits for its answer (the contract pop-up shows it). Nothing when the demo tree
 * is absent; run again, it adds nothing (one pending and one active contract per agent, kind and product).
 */
export async function seedDemoAgentContracts(tx: Queryable, now: Date): Promise<void> {
  const rows = await tx.query<{ id: number; username: string }>(
    `select id, username from members where username in ('demoagent', 'demosubagent')`,
  );
  const top = rows.find((row) => row.username === 'demoagent')?.id;
  const sub = rows.find((row) => row.username === 'demosubagent')?.id;
  if (top === undefined || sub === undefined) return;
  const expires = new Date(now.getTime() + 7 * 24 * 3_600_000);
  const contracts: [string, string, number, number | null, string, object[]][] = [
    [
      'dividend',
      'LOTT',
      top,
      null,
      'active',
      [tier(30_000_000_00, 1_000_000_00, 5, 100_000), tier(100_000_000_00, 5_000_000_00, 15, 200_000)],
    ],
    [
      'daily_salary',
      'CONS',
      top,
      null,
      'active',
      [tier(1_000_000_00, 0, 3, 3_000), tier(5_000_000_00, 0, 10, 5_000)],
    ],
    ['realtime_salary', 'CONS', top, null, 'active', [tier(0, 0, 0, 8_000)]],
    [
      'dividend',
      'LOTT',
      sub,
      top,
      'active',
      [tier(30_000_000_00, 1_000_000_00, 5, 50_000), tier(100_000_000_00, 5_000_000_00, 15, 150_000)],
    ],
    ['realtime_salary', 'CONS', sub, top, 'active', [tier(0, 0, 0, 5_000)]],
    ['daily_salary', 'CONS', sub, top, 'pending', [tier(1_000_000_00, 0, 3, 2_000)]],
  ];
  for (const [kind, product, agentId, uplineId, status, tiers] of contracts) {
    const [row] = await tx.query<{ id: number }>(
      `insert into agent_contracts (kind, product, agent_id, upline_id, payer, status, tiers, offered_at, expires_at,
         accepted_at)
       values ($1, $2, $3, $4, 'platform', $5, $6, $7, $8, $9) on conflict do nothing returning id::int as id`,
      [
        kind,
        product,
        agentId,
        uplineId,
        status,
        JSON.stringify(tiers),
        now,
        status === 'pending' ? expires : null,
        status === 'active' ? now : null,
      ],
    );
    if (!row) continue;
    for (const action of status === 'active' ? ['offered', 'accepted'] : ['offered']) {
      await tx.query(
        'insert into agent_contract_events (contract_id, action, member_id, at) values ($1, $2, $3, $4)',
        [row.id, action, action === 'accepted' ? agentId : uplineId, now],
      );
    }
  }
}
