import type { KycContentType, KycDocumentKind, KycStatus } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';

/** The KYC area's SQL: documents and each member's verification. */

export interface KycDocumentDb {
  id: string;
  member_id: number;
  kind: KycDocumentKind;
  content_type: KycContentType;
  size: number;
  created_at: Date;
}

export interface KycVerificationDb {
  member_id: number;
  username: string;
  status: Exclude<KycStatus, 'none'>;
  date_of_birth: string;
  reason: string;
  submitted_at: Date;
  reviewed_at: Date | null;
  reviewer: string | null;
}

const SELECT = `select v.member_id, m.username, v.status, to_char(v.date_of_birth, 'YYYY-MM-DD') as date_of_birth,
    v.reason, v.submitted_at, v.reviewed_at, o.username as reviewer
  from kyc_verifications v
  join members m on m.id = v.member_id
  left join operators o on o.id = v.reviewed_by`;

export async function verification(db: Queryable, memberId: number): Promise<KycVerificationDb | null> {
  const [row] = await db.query<KycVerificationDb>(`${SELECT} where v.member_id = $1`, [memberId]);
  return row ?? null;
}

export function documents(db: Queryable, memberIds: readonly number[]): Promise<KycDocumentDb[]> {
  return db.query<KycDocumentDb>(
    `select id, member_id, kind, content_type, size, created_at from kyc_documents
     where member_id = any($1::int[])
     order by member_id, array_position(array['id_front', 'id_back', 'selfie', 'proof_of_address'], kind)`,
    [memberIds],
  );
}

export async function document(
  db: Queryable,
  memberId: number,
  id: string,
): Promise<{ content_type: KycContentType; bytes: Uint8Array } | null> {
  const [row] = await db.query<{ content_type: KycContentType; bytes: Uint8Array }>(
    'select content_type, bytes from kyc_documents where member_id = $1 and id = $2',
    [memberId, id],
  );
  return row ?? null;
}

/** Stores a document, replacing the member's earlier one of its kind. */
export async function putDocument(
  tx: Queryable,
  doc: {
    id: string;
    memberId: number;
    kind: KycDocumentKind;
    contentType: KycContentType;
    bytes: Buffer;
    sha256: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into kyc_documents (id, member_id, kind, content_type, bytes, size, sha256, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (member_id, kind) do update set id = excluded.id, content_type = excluded.content_type,
       bytes = excluded.bytes, size = excluded.size, sha256 = excluded.sha256, created_at = excluded.created_at`,
    [doc.id, doc.memberId, doc.kind, doc.contentType, doc.bytes, doc.bytes.length, doc.sha256, doc.at],
  );
}

/**
 * Makes the member's verification pending (a first upload, or one after a rejection), with the date of birth
 * given; a verified member's row is left alone (answers false).
 */
export async function submit(
  tx: Queryable,
  memberId: number,
  dateOfBirth: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into kyc_verifications (member_id, status, date_of_birth, submitted_at)
     values ($1, 'pending', $2, $3)
     on conflict (member_id) do update set status = 'pending', date_of_birth = excluded.date_of_birth,
       submitted_at = excluded.submitted_at, reason = '', reviewed_by = null, reviewed_at = null
       where kyc_verifications.status <> 'verified'
     returning member_id`,
    [memberId, dateOfBirth, at],
  );
  return rows.length > 0;
}

/** An operator's decision on a pending verification; false when it is not pending (any more). */
export async function decide(
  tx: Queryable,
  memberId: number,
  decision: {
    status: 'verified' | 'rejected';
    reason: string;
    dateOfBirth: string;
    operatorId: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `update kyc_verifications set status = $2, reason = $3, date_of_birth = $4, reviewed_by = $5, reviewed_at = $6
     where member_id = $1 and status = 'pending' returning member_id`,
    [memberId, decision.status, decision.reason, decision.dateOfBirth, decision.operatorId, decision.at],
  );
  return rows.length > 0;
}

export async function queue(
  db: Queryable,
  filters: { status?: Exclude<KycStatus, 'none'> | undefined; q?: string | undefined },
  offset: number,
  limit: number,
): Promise<{ rows: KycVerificationDb[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.status) {
    params.push(filters.status);
    where.push(`v.status = $${params.length}`);
  }
  if (filters.q) {
    params.push(filters.q.toLowerCase());
    where.push(`lower(m.username) = $${params.length}`);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from kyc_verifications v join members m on m.id = v.member_id ${clause}`,
    params,
  );
  // Oldest submission first: the queue is worked from its head.
  const rows = await db.query<KycVerificationDb>(
    `${SELECT} ${clause} order by v.submitted_at, v.member_id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** Whether the member's verification is verified. */
export async function isVerified(db: Queryable, memberId: number): Promise<boolean> {
  const rows = await db.query(
    "select 1 from kyc_verifications where member_id = $1 and status = 'verified'",
    [memberId],
  );
  return rows.length > 0;
}
