import {
  walletPlayerEndpoints as api,
  type ConsolidatedContractInfo,
  walletConsoleEndpoints as consoleApi,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember, asOperator } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { setPaymentPassword } from '../accounts/payment-password.ts';
import { adjust, adjustmentRequests, approveAdjustment, rejectAdjustment } from './adjustments.ts';
import { balances } from './balances.ts';
import { depositRoutes } from './deposit-routes.ts';
import { memberLedger } from './member-ledger.ts';
import { memberPicture } from './member-picture.ts';
import { merchantMoney, saveMerchantMoney } from './merchant-money.ts';
import { payoutRoutes } from './payout-routes.ts';
import { reports, requestReconciliation } from './reconciliation.ts';
import { accountRecord, profitAndLoss } from './records.ts';
import { paymentPasswordPolicy, saveWalletSettings, walletSettingsOf } from './settings.ts';
import { memberTransfer, transferTargets, walletTransfer } from './transfers.ts';
import { cancelObligation, memberObligations } from './turnover.ts';
import type { VendorWallets } from './vendor-wallets.ts';
import { withdrawalRoutes } from './withdrawal-routes.ts';

/**
 * The agent contract offers and menu switches the consolidated funds carry for a member. The agents area answers
 * (`agents/contracts-original.ts`; `app.ts` joins the two), so the wallet never imports the agents area, which pays
 * its salaries and dividends through the wallet.
 */
export type ContractInfoOf = (deps: AppDeps, memberId: number) => Promise<ConsolidatedContractInfo>;

/**
 * The wallet's routes; `vendorWallets` is the games area's answer about vendor wallets and `contractInfo` the
 * agents area's about contract offers (both joined in app.ts).
 */
export function walletRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  vendorWallets: VendorWallets,
  contractInfo: ContractInfoOf,
): void {
  const { db } = deps;

  route(
    app,
    deps,
    api.balance,
    async ({ caller }) => balances(deps, vendorWallets, asMember(caller).memberId),
    { heldAnswers: true },
  );
  route(app, deps, api.consolidatedFunds, async ({ caller }) => {
    const [funds, contracts] = await Promise.all([
      balances(deps, vendorWallets, asMember(caller).memberId),
      contractInfo(deps, asMember(caller).memberId),
    ]);
    return { ...funds, ...contracts };
  });
  route(app, deps, api.walletTransfer, async ({ caller, body, idempotency, now, language }) =>
    walletTransfer(deps, vendorWallets, asMember(caller), body, idempotency, now, language),
  );
  route(app, deps, api.transferTargets, async ({ caller }) => transferTargets(deps, asMember(caller)));
  route(app, deps, api.memberTransfer, async ({ caller, body, idempotency, now, language }) =>
    memberTransfer(deps, asMember(caller), body, idempotency, now, language),
  );
  route(app, deps, api.accountRecord, async ({ caller, query }) =>
    accountRecord(deps, asMember(caller).memberId, query),
  );
  route(app, deps, api.profitAndLoss, async ({ caller, query, now }) =>
    profitAndLoss(deps, asMember(caller).memberId, query.period, now),
  );
  // The VIP progress is measured on the wallet's bets, so the wallet answers it (the accounts area keeps the levels).
  route(app, deps, api.paymentPassword, async ({ caller, body, now }) =>
    setPaymentPassword(
      deps,
      asMember(caller).memberId,
      body,
      paymentPasswordPolicy(await walletSettingsOf(db)),
      now,
    ),
  );

  route(app, deps, consoleApi.settings, async () => walletSettingsOf(db));
  route(app, deps, consoleApi.merchantMoney, async () => merchantMoney(db, deps.config.merchantCode));
  route(app, deps, consoleApi.saveMerchantMoney, async ({ caller, ip, now, body }) =>
    saveMerchantMoney(deps, { caller, ip, now }, body),
  );
  route(app, deps, consoleApi.saveSettings, async ({ caller, ip, now, body }) =>
    saveWalletSettings(deps, { caller, ip, now }, body),
  );
  route(app, deps, consoleApi.memberLedger, async ({ params, query }) =>
    memberLedger(deps, params.id, query),
  );
  route(app, deps, consoleApi.memberObligations, async ({ params, now }) =>
    memberObligations(deps, params.id, now),
  );
  route(app, deps, consoleApi.cancelObligation, async ({ caller, ip, now, params, body }) =>
    cancelObligation(deps, { caller, ip, now }, params.id, params.obligationId, body.reason),
  );
  route(app, deps, consoleApi.adjust, async ({ caller, ip, now, body, idempotency, language }) =>
    adjust(deps, vendorWallets, { caller, ip, now, idempotency, language }, body),
  );
  route(app, deps, consoleApi.adjustmentRequests, async ({ query }) => adjustmentRequests(deps, query));
  route(app, deps, consoleApi.approveAdjustment, async ({ caller, ip, now, params, idempotency, language }) =>
    approveAdjustment(deps, { caller, ip, now, idempotency, language }, params.id),
  );
  route(
    app,
    deps,
    consoleApi.rejectAdjustment,
    async ({ caller, ip, now, params, body, idempotency, language }) =>
      rejectAdjustment(deps, { caller, ip, now, idempotency, language }, params.id, body.note),
  );
  route(app, deps, consoleApi.memberPicture, async ({ params, query, now }) =>
    memberPicture(deps, params.id, query, now),
  );
  route(app, deps, consoleApi.reconciliations, async ({ query }) => reports(deps, query));
  route(app, deps, consoleApi.runReconciliation, async ({ caller, idempotency, now }) =>
    requestReconciliation(deps, asOperator(caller).operatorId, idempotency, now),
  );
  depositRoutes(app, deps);
  withdrawalRoutes(app, deps);
  payoutRoutes(app, deps);
}
