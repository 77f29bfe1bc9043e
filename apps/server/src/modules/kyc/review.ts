import type { KycRow, KycStatus } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { write } from '../../platform/write.ts';
import { sendMessage } from '../inbox/service.ts';
import { assertAdult, documentView } from './service.ts';
import * as store from './store.ts';

/**
 * The console's side of KYC: the queue (oldest submission first), a document (operations and finance only, as
 * base64, never at a public address), and the decision. Verifying checks the date of birth for 18+ again (the one
 * read on the document when the operator gives it); rejecting needs a reason, which reaches the member's inbox.
 * Each decision changes only a pending verification (of two operators at once, one wins) and is audited.
 */

async function rowsOf(db: Queryable, rows: store.KycVerificationDb[]): Promise<KycRow[]> {
  const docs = await store.documents(
    db,
    rows.map((row) => row.member_id),
  );
  return rows.map((row) => ({
    id: row.member_id,
    memberId: row.member_id,
    username: row.username,
    status: row.status,
    reason: row.reason,
    dateOfBirth: row.date_of_birth,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewedBy: row.reviewer,
    documents: docs.filter((doc) => doc.member_id === row.member_id).map(documentView),
  }));
}

export async function kycQueue(
  db: Queryable,
  query: {
    pageNo: number;
    pageSize: number;
    status?: Exclude<KycStatus, 'none'> | undefined;
    q?: string | undefined;
  },
) {
  const { rows, total } = await store.queue(db, query, (query.pageNo - 1) * query.pageSize, query.pageSize);
  return { list: await rowsOf(db, rows), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function kycDocument(db: Queryable, memberId: number, documentId: string) {
  const found = await store.document(db, memberId, documentId);
  if (!found) throw new AppError('not_found');
  return { contentType: found.content_type, data: Buffer.from(found.bytes).toString('base64') };
}

async function decide(
  deps: AppDeps,
  call: OperatorCall,
  memberId: number,
  action: 'verify' | 'reject',
  decision: (before: store.KycVerificationDb) => { dateOfBirth: string; reason: string },
): Promise<KycRow> {
  const who = asOperator(call.caller);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const before = await store.verification(tx, memberId);
    if (!before) throw new AppError('not_found');
    if (before.status !== 'pending') throw new AppError('kyc_not_pending');
    const { dateOfBirth, reason } = decision(before);
    const status = action === 'verify' ? 'verified' : 'rejected';
    if (
      !(await store.decide(tx, memberId, {
        status,
        reason,
        dateOfBirth,
        operatorId: who.operatorId,
        at: call.now,
      }))
    )
      throw new AppError('kyc_not_pending');
    if (status === 'rejected') await sendMessage(tx, memberId, 'KYC_REJECTED', { reason }, call.now);
    else await sendMessage(tx, memberId, 'KYC_VERIFIED', {}, call.now);
    const after = await store.verification(tx, memberId);
    if (!after) throw new Error(`kyc of member ${memberId} vanished`);
    await recordAudit(
      tx,
      who,
      call.ip,
      {
        entity: 'kyc',
        action,
        entityId: memberId,
        before: { status: before.status, dateOfBirth: before.date_of_birth },
        after: { status, dateOfBirth, reason },
      },
      call.now,
    );
    const [row] = await rowsOf(tx, [after]);
    return row as KycRow;
  });
}

/** Verifies a pending member: 18 or older on the date of birth given (or the member's own). */
export function verifyKyc(deps: AppDeps, call: OperatorCall, memberId: number, dateOfBirth?: string) {
  return decide(deps, call, memberId, 'verify', (before) => {
    const checked = dateOfBirth ?? before.date_of_birth;
    assertAdult(checked, call.now);
    return { dateOfBirth: checked, reason: '' };
  });
}

/** Rejects a pending member with a reason, which the member reads in the inbox. */
export function rejectKyc(deps: AppDeps, call: OperatorCall, memberId: number, reason: string) {
  return decide(deps, call, memberId, 'reject', (before) => ({ dateOfBirth: before.date_of_birth, reason }));
}
