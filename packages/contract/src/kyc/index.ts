import { z } from 'zod';
import { id, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount } from '../wallet/money.ts';

/**
 * KYC (issue 25 §4): a member's identity documents (png, jpg or pdf, 5 MB at most each; images re-encoded, pdfs
 * checked; private: served only to the console's operations and finance roles), the verification status (none,
 * pending, verified, rejected) both sides see, the operator's decision (a rejection's reason reaches the member's
 * inbox; an under-18 date of birth is refused at verification), and which actions need a verified member.
 */

export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
const kycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof kycDocumentKind>;

export const KYC_DOCUMENTS = {
  types: ['image/png', 'image/jpeg', 'application/pdf'],
  maxBytes: 5 * 1024 * 1024,
  /** Documents a member may have on file at once (older ones of the same kind are replaced). */
  maxPerMember: KYC_DOCUMENT_KINDS.length,
} as const;
export type KycContentType = (typeof KYC_DOCUMENTS.types)[number];

/** The age a member must have reached (at submission and again at verification). */
export const KYC_MIN_AGE = 18;

const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
const kycStatus = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatus>;

/** When a withdrawal needs a verified member: never, always, or above an amount (major units). */
export const KYC_WITHDRAWAL_RULES = ['never', 'always', 'above'] as const;
export const kycSettings = z.object({
  withdrawal: z.enum(KYC_WITHDRAWAL_RULES),
  /** With `above`: a withdrawal of more than this needs a verified member. */
  withdrawalAbove: amount,
});
export type KycSettings = z.infer<typeof kycSettings>;
const kycSettingsView = z.object({ withdrawal: z.enum(KYC_WITHDRAWAL_RULES), withdrawalAbove: z.number() });

const kycDocument = z.object({
  id: z.string(),
  kind: kycDocumentKind,
  contentType: z.enum(KYC_DOCUMENTS.types),
  size: z.number().int(),
  createdAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocument>;

const kycView = z.object({
  status: kycStatus,
  /** Why it was rejected (the operator's words). */
  reason: z.string(),
  /** YYYY-MM-DD, as the member gave it. */
  dateOfBirth: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  documents: z.array(kycDocument),
  /** When a withdrawal needs verification. */
  settings: kycSettingsView,
});
export type KycView = z.infer<typeof kycView>;

/** A date of birth, YYYY-MM-DD, in the past. */
const dateOfBirth = z.iso.date();

/** The upload's multipart fields; the file is the part named `document`. */
export const kycUploadFields = z.object({ kind: kycDocumentKind, dateOfBirth });

export const kycPlayerEndpoints = {
  status: endpoint({ method: 'GET', path: '/wps/kyc', access: 'realMember', response: kycView }),
  upload: endpoint({
    method: 'POST',
    path: '/wps/kyc/documents',
    access: 'realMember',
    bodyType: 'multipart',
    body: kycUploadFields,
    response: kycView,
  }),
};

/* The console: the verification queue. */

const kycRead = operator('operations', 'finance');
const kycWrite = operator('operations', 'finance');

const kycRow = z.object({
  /** The member's id (a member has one verification). */
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  status: kycStatus.exclude(['none']),
  reason: z.string(),
  dateOfBirth: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  documents: z.array(kycDocument),
});
export type KycRow = z.infer<typeof kycRow>;

const kycQueueQuery = paging.extend({
  status: kycStatus.exclude(['none']).optional(),
  /** A member's user name (case-insensitive). */
  q: z.string().trim().max(40).optional(),
});
const memberParams = z.object({ memberId: id });
const documentParams = z.object({ memberId: id, documentId: z.uuid() });

export const kycConsoleEndpoints = {
  queue: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/kyc`,
    access: kycRead,
    query: kycQueueQuery,
    response: page(kycRow),
  }),
  document: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/kyc/:memberId/documents/:documentId`,
    access: kycRead,
    params: documentParams,
    /** The document, base64 (shown from a blob in the console; never served at a public address). */
    response: z.object({ contentType: z.enum(KYC_DOCUMENTS.types), data: z.string() }),
  }),
  verify: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/kyc/:memberId/verify`,
    access: kycWrite,
    params: memberParams,
    /** The date of birth read on the document, when it differs from the one the member gave. */
    body: z.object({ dateOfBirth: dateOfBirth.optional() }),
    response: kycRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/kyc/:memberId/reject`,
    access: kycWrite,
    params: memberParams,
    body: z.object({ reason: z.string().trim().min(3).max(500) }),
    response: kycRow,
  }),
  settings: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/kyc/settings`,
    access: kycRead,
    response: kycSettingsView,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/kyc/settings`,
    access: operator('operations'),
    body: kycSettings,
    response: kycSettingsView,
  }),
};
