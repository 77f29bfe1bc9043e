import type { Queryable } from '../db/database.ts';
import type { OperatorCaller } from './access.ts';

export interface AuditRecord {
  action: 'create' | 'update' | 'delete' | string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

/** Records an operator write in the same transaction as the write itself. */
export async function recordAudit(
  tx: Queryable,
  // operatorId null: the system acted (an automatic approval), under the user name 'system'.
  who: OperatorCaller | { operatorId: number | null; username: string },
  ip: string,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into audit_log (operator_id, operator_username, action, entity, entity_id, before, after, ip, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      who.operatorId,
      who.username,
      record.action,
      record.entity,
      String(record.entityId),
      record.before === undefined ? null : JSON.stringify(record.before),
      record.after === undefined ? null : JSON.stringify(record.after),
      ip,
      now,
    ],
  );
}
