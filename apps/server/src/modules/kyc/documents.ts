import { KYC_DOCUMENTS, type KycContentType } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { cleanPhoto } from '../../platform/images.ts';
import { readFileForm } from '../../platform/multipart.ts';

/** An identity document after its check: an image re-encoded (only its pixels kept), or a pdf checked whole. */
export interface CleanDocument {
  contentType: KycContentType;
  bytes: Buffer;
}

const refused = () => new AppError('document_type_not_allowed', { document: 'invalid_value' });

/** The upload's text fields and its one file, named `document` (5 MB at most), read whole. */
export async function readDocumentForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const { fields, files } = await readFileForm(request, {
    fileField: 'document',
    files: 1,
    fileBytes: KYC_DOCUMENTS.maxBytes,
    fields: 5,
    tooLarge: new AppError('document_too_large', { document: 'invalid_value' }),
    tooMany: new AppError('validation_failed', { document: 'invalid_value' }),
  });
  return { fields, file: files.at(-1) ?? null };
}

/**
 * What a pdf may not hold: scripts, actions that run on opening, launching programs, embedded files, forms that
 * submit. Checked on the file's bytes as written (a name inside a compressed object stream escapes it; the
 * document is shown to operators only, in the browser's own viewer, which runs no pdf script).
 */
const PDF_ACTIVE =
  /\/(JavaScript|JS|OpenAction|AA|Launch|EmbeddedFile|EmbeddedFiles|SubmitForm|ImportData|RichMedia|XFA)\b/;

function checkPdf(bytes: Buffer): void {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw refused();
  // A pdf ends with %%EOF (a few bytes of line ends may follow it).
  if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF')) throw refused();
  if (PDF_ACTIVE.test(bytes.toString('latin1'))) throw refused();
}

/**
 * Checks a document by its first bytes (the declared type is not trusted): png, jpeg or pdf, 5 MB at most. An
 * image is re-encoded, an image that does not decode refused like a wrong type; a pdf must be whole and free of
 * scripts and actions.
 */
export async function cleanDocument(file: Buffer | null): Promise<CleanDocument> {
  if (!file) throw new AppError('validation_failed', { document: 'required' });
  if (file.length > KYC_DOCUMENTS.maxBytes)
    throw new AppError('document_too_large', { document: 'invalid_value' });
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') {
    checkPdf(file);
    return { contentType: 'application/pdf', bytes: file };
  }
  return cleanPhoto(file, refused);
}
