import { settlementEndpoints as api, settlementConsoleEndpoints as consoleApi } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  agentBills,
  approveBill,
  consoleBills,
  dividendQueue,
  exportBillsCsv,
  rejectBill,
  reverseBill,
  settlementRuns,
} from './settlement-console.ts';

/** The agents' settlement routes: the agent's own bills, and the console's bills, runs and decisions. */
export function settlementRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.agentBills, async ({ caller, query }) =>
    agentBills(deps, asMember(caller).memberId, query),
  );

  route(app, deps, consoleApi.bills, async ({ query }) => consoleBills(deps, query));
  route(app, deps, consoleApi.exportBills, async ({ query, reply, now }) => {
    const csv = await exportBillsCsv(deps, query);
    const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    reply.header('content-disposition', `attachment; filename="agent-bills-${stamp}.csv"`);
    return csv;
  });
  route(app, deps, consoleApi.dividendQueue, async ({ query }) => dividendQueue(deps, query));
  route(app, deps, consoleApi.approveBill, async ({ caller, ip, now, idempotency, params }) =>
    approveBill(deps, { caller, ip, now, idempotency }, params.id),
  );
  route(app, deps, consoleApi.rejectBill, async ({ caller, ip, now, idempotency, params, body }) =>
    rejectBill(deps, { caller, ip, now, idempotency }, params.id, body.reason),
  );
  route(app, deps, consoleApi.reverseBill, async ({ caller, ip, now, idempotency, params, body }) =>
    reverseBill(deps, { caller, ip, now, idempotency }, params.id, body.reason),
  );
  route(app, deps, consoleApi.runs, async ({ query }) => settlementRuns(deps, query));
}
