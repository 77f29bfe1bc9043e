import {
  agentContractEndpoints as api,
  agentContractConsoleEndpoints as consoleApi,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import {
  agentContractsForConsole,
  answerContract,
  answerDividendOfProduct,
  answerSalaryById,
  contractDetail,
  contractHistory,
  contractInForceView,
  myContracts,
  offerToDownline,
  requestTermination,
} from './contracts.ts';
import {
  cancelAsOperator,
  createTemplate,
  listTemplates,
  offerAsOperator,
  removeTemplate,
  updateTemplate,
} from './contracts-console.ts';

/** The agents' contract routes: the agent centre's, the original client's answers, and the console's. */
export function contractRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.mine, async ({ caller }) => myContracts(deps, asMember(caller).memberId));
  route(app, deps, api.history, async ({ caller, query }) =>
    contractHistory(deps, asMember(caller).memberId, query.pageNo, query.pageSize),
  );
  route(app, deps, api.detail, async ({ caller, params }) =>
    contractDetail(deps, asMember(caller).memberId, params.id),
  );
  route(app, deps, api.offer, async ({ caller, body, idempotency, now }) =>
    offerToDownline(deps, asMember(caller).memberId, body, idempotency, now),
  );
  route(app, deps, api.answer, async ({ caller, params, body, idempotency, now }) =>
    answerContract(deps, asMember(caller).memberId, params.id, body.status, idempotency, now),
  );
  route(app, deps, api.requestTermination, async ({ caller, params, idempotency, now }) =>
    requestTermination(deps, asMember(caller).memberId, params.id, idempotency, now),
  );

  // The original client's answers (its pop-up sends them, then reads the consolidated funds again).
  for (const endpoint of [api.processDividendReq, api.processContractDividend]) {
    route(app, deps, endpoint, async ({ caller, query, now }) =>
      answerDividendOfProduct(deps, asMember(caller).memberId, query.type, query.status, now),
    );
  }
  for (const endpoint of [api.processDailySalContract, api.processDailySalaryContract]) {
    route(app, deps, endpoint, async ({ caller, query, now }) =>
      answerSalaryById(deps, asMember(caller).memberId, 'daily_salary', query.id, query.status, now),
    );
  }
  for (const endpoint of [api.processContractHourSalary, api.processContractHourSalaryFe]) {
    route(app, deps, endpoint, async ({ caller, body, now }) =>
      answerSalaryById(deps, asMember(caller).memberId, 'hourly_salary', body.contractId, body.status, now),
    );
  }
  route(app, deps, api.processRealTimeSalaryContract, async ({ caller, body, now }) =>
    answerSalaryById(deps, asMember(caller).memberId, 'realtime_salary', body.contractId, body.status, now),
  );

  route(app, deps, consoleApi.templates, async () => listTemplates(deps));
  route(app, deps, consoleApi.createTemplate, async ({ caller, ip, now, body }) =>
    createTemplate(deps, { caller, ip, now }, body),
  );
  route(app, deps, consoleApi.updateTemplate, async ({ caller, ip, now, params, body }) =>
    updateTemplate(deps, { caller, ip, now }, params.id, body),
  );
  route(app, deps, consoleApi.removeTemplate, async ({ caller, ip, now, params }) =>
    removeTemplate(deps, { caller, ip, now }, params.id),
  );
  route(app, deps, consoleApi.offer, async ({ caller, ip, now, body, idempotency }) =>
    offerAsOperator(deps, { caller, ip, now, idempotency }, body),
  );
  route(app, deps, consoleApi.agentContracts, async ({ params }) =>
    agentContractsForConsole(deps, params.id),
  );
  route(app, deps, consoleApi.cancel, async ({ caller, ip, now, params, body, idempotency }) =>
    cancelAsOperator(deps, { caller, ip, now, idempotency }, params.id, body.reason),
  );
  route(app, deps, consoleApi.inForce, async ({ params, query }) =>
    contractInForceView(deps, params.id, query.kind, query.product, new Date(query.at)),
  );
}
