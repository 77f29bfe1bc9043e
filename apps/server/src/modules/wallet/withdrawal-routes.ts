import {
  withdrawalPlayerEndpoints as api,
  withdrawalConsoleEndpoints as consoleApi,
  withdrawalConfirmationFields,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { parseInput } from '../../platform/validation.ts';
import { addBankAccount, bankAccounts, removeBankAccount } from './bank-accounts.ts';
import { cleanProofs, readConfirmationForm } from './withdrawal-proofs.ts';
import {
  approveWithdrawal,
  exportWithdrawals,
  proofImage,
  rejectWithdrawal,
  resolveClaim,
  withdrawalQueue,
} from './withdrawal-review.ts';
import { withdrawalReview } from './withdrawal-risk.ts';
import {
  confirmWithdrawal,
  paymentConfirmationList,
  requestWithdrawal,
  withdrawalHistory,
  withdrawalInfo,
} from './withdrawals.ts';

/** Withdrawals: the member's bank accounts, requests, history and confirmations; finance's queue. */
export function withdrawalRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.bankAccounts, async ({ caller }) => bankAccounts(deps.db, asMember(caller).memberId));
  route(app, deps, api.addBankAccount, async ({ caller, body, now }) =>
    addBankAccount(deps, asMember(caller).memberId, body, now),
  );
  route(app, deps, api.removeBankAccount, async ({ caller, params, now }) =>
    removeBankAccount(deps, asMember(caller).memberId, params.id, now),
  );
  route(app, deps, api.withdrawalInfo, async ({ caller, now }) =>
    withdrawalInfo(deps, asMember(caller).memberId, now),
  );
  route(app, deps, api.requestWithdrawal, async ({ caller, body, idempotency, now, language }) =>
    requestWithdrawal(deps, asMember(caller), body, idempotency, now, language),
  );
  route(app, deps, api.withdrawals, async ({ caller, query }) =>
    withdrawalHistory(deps, asMember(caller).memberId, query),
  );
  route(app, deps, api.paymentConfirmationList, async ({ caller, query, now }) =>
    paymentConfirmationList(deps, asMember(caller).memberId, query, now),
  );
  route(app, deps, api.confirmWithdrawal, async ({ caller, params, request, language, now }) => {
    const form = await readConfirmationForm(request);
    const fields = parseInput(withdrawalConfirmationFields, form.fields, language);
    // Re-encoding takes CPU time: it happens before the transaction opens.
    const proofs = await cleanProofs(form.files);
    return confirmWithdrawal(deps, asMember(caller).memberId, params.orderNo, fields, proofs, now, language);
  });

  route(app, deps, consoleApi.queue, async ({ query }) => withdrawalQueue(deps, query));
  route(app, deps, consoleApi.exportCsv, async ({ query, reply }) => {
    reply.header('content-disposition', 'attachment; filename="withdrawals.csv"');
    return exportWithdrawals(deps, query);
  });
  route(app, deps, consoleApi.review, async ({ params, now }) => withdrawalReview(deps, params.id, now));
  route(app, deps, consoleApi.approve, async ({ caller, ip, now, params, body }) =>
    approveWithdrawal(deps, { caller, ip, now }, params.id, body.via),
  );
  route(app, deps, consoleApi.reject, async ({ caller, ip, now, params, body }) =>
    rejectWithdrawal(deps, { caller, ip, now }, params.id, body.reason),
  );
  route(app, deps, consoleApi.resolveClaim, async ({ caller, ip, now, params, body }) =>
    resolveClaim(deps, { caller, ip, now }, params.id, body),
  );
  route(app, deps, consoleApi.proof, async ({ params }) => proofImage(deps, params.id, params.proofId));
}
