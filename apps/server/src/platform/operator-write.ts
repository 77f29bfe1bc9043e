import type { Transaction } from '../db/database.ts';
import { asOperator, type Caller } from './access.ts';
import { recordAudit } from './audit.ts';
import type { AppDeps } from './context.ts';
import { publish } from './realtime.ts';
import { type IdempotencyKey, write as runWrite } from './write.ts';

export interface Change<T> {
  entityId: string | number;
  before: unknown;
  after: unknown;
  result: T;
}

/** The operator who writes, as operatorWrite needs it for the audit entry. */
export type OperatorCall = { caller: Caller; ip: string; now: Date };

/**
 * Runs an operator's write in one transaction with its audit entry, and tells open pages that settings changed
 * (the event leaves only when the transaction commits).
 */
export async function operatorWrite<T>(
  deps: AppDeps,
  context: OperatorCall,
  what: { entity: string; action: string; idempotency?: IdempotencyKey | null },
  change: (tx: Transaction) => Promise<Change<T>>,
): Promise<T> {
  const who = asOperator(context.caller);
  return runWrite(
    deps.db,
    { isolation: 'read committed', idempotency: what.idempotency ?? null },
    async (tx) => {
      const done = await change(tx);
      await recordAudit(
        tx,
        who,
        context.ip,
        { entity: what.entity, action: what.action, ...done },
        context.now,
      );
      await publish(tx, { type: 'settings.changed', areas: [what.entity] });
      return done.result;
    },
  );
}
