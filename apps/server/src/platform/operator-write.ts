import type { Queryable } from '../db/database.ts';
import { asOperator, type Caller } from './access.ts';
import { recordAudit } from './audit.ts';
import type { AppDeps } from './context.ts';

export interface Change<T> {
  entityId: string | number;
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs an operator's write in one transaction with its audit entry, and tells open pages that settings changed
 * (the event leaves only when the transaction commits).
 */
export async function operatorWrite<T>(
  deps: AppDeps,
  context: { caller: Caller; ip: string; now: Date },
  what: { entity: string; action: 'create' | 'update' | 'delete' },
  write: (tx: Queryable) => Promise<Change<T>>,
): Promise<T> {
  const who = asOperator(context.caller);
  return deps.db.transaction(async (tx) => {
    const change = await write(tx);
    await recordAudit(tx, who, context.ip, { ...what, ...change }, context.now);
    await deps.realtime.publish(tx, { type: 'settings.changed', areas: [what.entity] });
    return change.result;
  });
}
