import { supportConsoleEndpoints as bo, type SupportTeam } from '@tessera/contract';
import { expect } from 'vitest';
import type WebSocket from 'ws';
import type { TestApp } from '../harness.ts';
import { operatorSocket } from '../sockets.ts';

/**
 * A quiet workspace: no operator of earlier tests takes conversations and none of their conversations waits in a
 * queue (each test of assignment sets its own operators and members).
 */
export async function quietWorkspace(t: TestApp): Promise<void> {
  await t.db.query('update support_agents set available = false');
  await t.db.query(
    "update support_conversations set status = 'resolved', resolved_at = $1 where status <> 'resolved'",
    [t.clock.now()],
  );
}

/**
 * A support operator with the console open (a /ws socket on the test app, which must listen), available for the
 * teams with the cap: its token, operator id and socket (closing it is closing the console).
 */
export async function supportAgent(
  t: TestApp,
  options: { teams?: SupportTeam[]; capacity?: number; available?: boolean } = {},
): Promise<{ token: string; id: number; socket: WebSocket }> {
  const token = await t.operatorToken('support');
  const { socket } = await operatorSocket(t, token);
  const set = await t.send(
    'PUT',
    bo.setAgent.path,
    {
      available: options.available ?? true,
      teams: options.teams ?? ['general'],
      capacity: options.capacity ?? 6,
    },
    token,
  );
  expect(set.status).toBe(200);
  return { token, id: set.body.value.operatorId as number, socket };
}

/** Business hours: every day from..until (minutes after midnight) in the time zone. */
export async function setSupportHours(
  t: TestApp,
  token: string,
  from: number,
  until: number,
  timeZone = 'UTC',
) {
  const set = await t.send(
    'PUT',
    bo.setHours.path,
    { timeZone, hours: Array.from({ length: 7 }, () => [from, until]) },
    token,
  );
  expect(set.status).toBe(200);
}
