import { WITHDRAWAL_PROOFS } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { reencodeImage } from '../../platform/images.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { sniffImageType } from '../content/service.ts';

/** A proof image after its check: a png or jpeg re-encoded so that only its pixels are kept. */
export interface CleanProof {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The text fields of a multipart form and its files named `proof` (3 at most, 5 MB each), read whole. */
export async function readConfirmationForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  await readMultipart(
    request,
    async () => {
      const parts = request.parts({
        limits: { fileSize: WITHDRAWAL_PROOFS.maxBytes, files: WITHDRAWAL_PROOFS.maxFiles, fields: 10 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const bytes = await part.toBuffer();
        // A form whose file input was left empty still sends the part, with no name and no bytes.
        if (bytes.length === 0 && !part.filename) continue;
        if (part.fieldname !== 'proof')
          throw new AppError('validation_failed', { [part.fieldname]: 'invalid_value' });
        files.push(bytes);
      }
    },
    {
      tooLarge: new AppError('image_too_large', { proof: 'invalid_value' }),
      tooMany: new AppError('too_many_images', { proof: 'invalid_value' }),
    },
  );
  return { fields, files };
}

/**
 * Checks each proof by its first bytes (the declared type is not trusted): png or jpeg only, 5 MB at most, 3 at
 * most; then re-encodes it. An image that does not decode is refused like a wrong type.
 */
export async function cleanProofs(files: readonly Uint8Array[]): Promise<CleanProof[]> {
  if (files.length > WITHDRAWAL_PROOFS.maxFiles)
    throw new AppError('too_many_images', { proof: 'invalid_value' });
  const clean: CleanProof[] = [];
  for (const bytes of files) {
    if (bytes.length > WITHDRAWAL_PROOFS.maxBytes)
      throw new AppError('image_too_large', { proof: 'invalid_value' });
    const type = sniffImageType(bytes);
    if (type !== 'image/png' && type !== 'image/jpeg') {
      throw new AppError('image_type_not_allowed', { proof: 'invalid_value' });
    }
    const encoded = await reencodeImage(bytes, type).catch((error: unknown) => {
      if (error instanceof AppError) throw new AppError('image_type_not_allowed', { proof: 'invalid_value' });
      throw error;
    });
    clean.push({ contentType: type, bytes: encoded.bytes });
  }
  return clean;
}
