import {
  kycPlayerEndpoints as api,
  kycConsoleEndpoints as bo,
  currencyDigits,
  kycUploadFields,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { parseInput } from '../../platform/validation.ts';
import { merchant } from '../system/merchant.ts';
import { cleanDocument, readDocumentForm } from './documents.ts';
import { kycDocument, kycQueue, rejectKyc, verifyKyc } from './review.ts';
import { kycSettingsOf, memberKyc, saveKycSettings, uploadDocument } from './service.ts';

/** KYC: the member's verification page and upload; the console's queue, documents, decisions and settings. */
export function kycRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, api.status, async ({ caller }) => memberKyc(db, asMember(caller).memberId));
  route(app, deps, api.upload, async ({ caller, request, language, now }) => {
    const form = await readDocumentForm(request);
    const fields = parseInput(kycUploadFields, form.fields, language);
    // Re-encoding takes CPU time: it happens before the transaction opens.
    const document = await cleanDocument(form.file);
    return uploadDocument(deps, asMember(caller).memberId, fields, document, now);
  });

  route(app, deps, bo.queue, async ({ query }) => kycQueue(db, query));
  route(app, deps, bo.document, async ({ params }) => kycDocument(db, params.memberId, params.documentId));
  route(app, deps, bo.verify, async ({ caller, ip, now, params, body }) =>
    verifyKyc(deps, { caller, ip, now }, params.memberId, body.dateOfBirth),
  );
  route(app, deps, bo.reject, async ({ caller, ip, now, params, body }) =>
    rejectKyc(deps, { caller, ip, now }, params.memberId, body.reason),
  );
  route(app, deps, bo.settings, async () => kycSettingsOf(db));
  route(app, deps, bo.saveSettings, async ({ caller, ip, now, body }) =>
    saveKycSettings(
      deps,
      { caller, ip, now },
      body,
      // The merchant's currency's decimals (the wallet's own currency helper is the wallet's: kyc stays below it).
      currencyDigits((await merchant(db, deps.config.merchantCode)).currency),
    ),
  );
}
