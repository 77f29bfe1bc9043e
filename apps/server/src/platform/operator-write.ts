import type { Queryable, Transaction } from '../db/database.ts';
import type { IdTable } from '../db/id-table.ts';
import { asOperator, type Caller } from './access.ts';
import { AppError, orNotFound } from './app-error.ts';
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
 * (the event leaves only when the transaction commits). Once it has committed, this process drops the public content
 * it holds at once: the operator's next read, and a player's on this process, sees the change even before the
 * table's NOTIFY, which drops it on every process, arrives (on a busy machine that can take a while).
 */
export async function operatorWrite<T>(
  deps: AppDeps,
  context: OperatorCall,
  what: { entity: string; action: string; idempotency?: IdempotencyKey | null },
  change: (tx: Transaction) => Promise<Change<T>>,
): Promise<T> {
  const who = asOperator(context.caller);
  const result = await runWrite(
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
  deps.local.content.clear();
  return result;
}

/**
 * An operator's create, update and delete of one kind of row kept by id, each through operatorWrite (audited with the
 * row's view before and after): `fields` turns the checked input into the row's columns, `check` refuses what the
 * schema cannot see (an unknown category, a URL another row has; `id` is null on create). An insert that finds a
 * conflict answers `conflict`; an unknown id `not_found`.
 */
export function operatorEdits<Input, Row extends { id: number }, Fields extends object, View>(spec: {
  entity: string;
  table: IdTable<Row, Fields>;
  view: (row: Row) => View;
  fields: (input: Input, call: OperatorCall) => Fields;
  check?: (tx: Queryable, input: Input, id: number | null) => Promise<void>;
}) {
  const { entity, table, view } = spec;
  return {
    create(deps: AppDeps, call: OperatorCall, input: Input) {
      return operatorWrite(deps, call, { entity, action: 'create' }, async (tx) => {
        await spec.check?.(tx, input, null);
        const row = await table.insert(tx, spec.fields(input, call));
        if (!row) throw new AppError('conflict');
        const after = view(row);
        return { entityId: row.id, before: null, after, result: after };
      });
    },
    update(deps: AppDeps, call: OperatorCall, id: number, input: Input) {
      return operatorWrite(deps, call, { entity, action: 'update' }, async (tx) => {
        const before = view(orNotFound(await table.find(tx, id)));
        await spec.check?.(tx, input, id);
        const after = view(orNotFound(await table.update(tx, id, spec.fields(input, call))));
        return { entityId: id, before, after, result: after };
      });
    },
    remove(deps: AppDeps, call: OperatorCall, id: number) {
      return operatorWrite(deps, call, { entity, action: 'delete' }, async (tx) => {
        const before = view(orNotFound(await table.remove(tx, id)));
        return { entityId: id, before, after: null, result: { ok: true as const } };
      });
    },
  };
}
