import type { ContractKind, contractTemplateInput, operatorOfferBody } from '@tessera/contract';
import type { z } from 'zod';
import { asOperator, type Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import { currencyOf } from '../wallet/settings.ts';
import { cancelByOperator, offerToTopLevel } from './contracts.ts';
import {
  capFromInput,
  capView,
  parseTiers,
  storeTiers,
  tiersFromInput,
  tierView,
} from './contracts-rules.ts';
import * as store from './contracts-store.ts';

/** The console's contract writes, each audited: templates, offers to top-level agents, cancelling a contract. */

type OperatorCall = { caller: Caller; ip: string; now: Date; idempotency?: IdempotencyKey | null };
type TemplateInput = z.output<typeof contractTemplateInput>;

function templateRow(row: store.TemplateDb, digits: number) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ContractKind,
    product: row.product as TemplateInput['product'],
    tiers: parseTiers(row.tiers).map((tier) => tierView(tier, digits)),
    amountLimit: capView(row.amount_limit, digits),
    period: row.period as TemplateInput['period'],
    carry: row.carry as TemplateInput['carry'],
    netLossParts: row.net_loss_parts as TemplateInput['netLossParts'],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listTemplates(deps: AppDeps) {
  const [{ digits }, rows] = await Promise.all([currencyOf(deps), store.templates(deps.db)]);
  return rows.map((row) => templateRow(row, digits));
}

async function templateFields(deps: AppDeps, input: TemplateInput): Promise<store.TemplateFields> {
  const { digits } = await currencyOf(deps);
  return {
    name: input.name,
    kind: input.kind,
    product: input.product,
    tiers: storeTiers(tiersFromInput(input.kind, input.tiers, digits)),
    amountLimit: capFromInput(input.kind, input.amountLimit, digits)?.toString() ?? null,
    period: input.period,
    carry: input.carry,
    netLossParts: input.netLossParts,
  };
}

export async function createTemplate(deps: AppDeps, call: OperatorCall, input: TemplateInput) {
  const fields = await templateFields(deps, input);
  const { digits } = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'agent_contract_template', action: 'create' }, async (tx) => {
    const row = await store.insertTemplate(tx, fields, asOperator(call.caller).operatorId, call.now);
    return { entityId: row.id, before: null, after: fields, result: templateRow(row, digits) };
  });
}

export async function updateTemplate(deps: AppDeps, call: OperatorCall, id: number, input: TemplateInput) {
  const fields = await templateFields(deps, input);
  const { digits } = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'agent_contract_template', action: 'update' }, async (tx) => {
    const before = await store.templateById(tx, id);
    const row = await store.updateTemplate(tx, id, fields, call.now);
    if (!before || !row) throw new AppError('not_found');
    return { entityId: id, before, after: fields, result: templateRow(row, digits) };
  });
}

/** A removed template stays for the offers made from it, and is no longer listed or offered. */
export async function removeTemplate(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'agent_contract_template', action: 'delete' }, async (tx) => {
    const row = await store.removeTemplate(tx, id, call.now);
    if (!row) throw new AppError('not_found');
    return { entityId: id, before: row, after: null, result: { ok: true as const } };
  });
}

export async function offerAsOperator(
  deps: AppDeps,
  call: OperatorCall,
  body: z.output<typeof operatorOfferBody>,
) {
  const operatorId = asOperator(call.caller).operatorId;
  const { digits } = await currencyOf(deps);
  return operatorWrite(
    deps,
    call,
    { entity: 'agent_contract', action: 'offer', idempotency: call.idempotency ?? null },
    async (tx) => {
      const { row, view } = await offerToTopLevel(tx, operatorId, body, digits, call.now);
      return { entityId: row.id, before: null, after: view, result: view };
    },
  );
}

/**
 * Cancels a contract or offer at once. It is the console's largest contract action (the agent's whole branch of
 * that kind and product may end with it), so it takes the operations role, a written reason, and is audited with
 * how many contracts ended.
 */
export async function cancelAsOperator(deps: AppDeps, call: OperatorCall, id: number, reason: string) {
  const operatorId = asOperator(call.caller).operatorId;
  return operatorWrite(
    deps,
    call,
    { entity: 'agent_contract', action: 'cancel', idempotency: call.idempotency ?? null },
    async (tx) => {
      const { before, result } = await cancelByOperator(tx, operatorId, id, reason, call.now);
      return {
        entityId: id,
        before: {
          status: before.status,
          agentId: before.agent_id,
          kind: before.kind,
          product: before.product,
        },
        after: { status: 'cancelled', reason, alsoCancelled: result.cancelled },
        result,
      };
    },
  );
}
