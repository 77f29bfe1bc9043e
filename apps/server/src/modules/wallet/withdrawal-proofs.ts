import { WITHDRAWAL_PROOFS } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { type CleanPhoto, cleanPhoto } from '../../platform/images.ts';
import { readFileForm } from '../../platform/multipart.ts';

/** A proof image after its check: a png or jpeg re-encoded so that only its pixels are kept. */
export type CleanProof = CleanPhoto;

const invalid = { proof: 'invalid_value' } as const;

/** The text fields of a multipart form and its files named `proof` (3 at most, 5 MB each), read whole. */
export function readConfirmationForm(request: FastifyRequest) {
  return readFileForm(request, {
    fileField: 'proof',
    files: WITHDRAWAL_PROOFS.maxFiles,
    fileBytes: WITHDRAWAL_PROOFS.maxBytes,
    fields: 10,
    tooLarge: new AppError('image_too_large', invalid),
    tooMany: new AppError('too_many_images', invalid),
  });
}

/**
 * Checks each proof by its first bytes (the declared type is not trusted): png or jpeg only, 5 MB at most, 3 at
 * most; then re-encodes it. An image that does not decode is refused like a wrong type.
 */
export async function cleanProofs(files: readonly Uint8Array[]): Promise<CleanProof[]> {
  if (files.length > WITHDRAWAL_PROOFS.maxFiles) throw new AppError('too_many_images', invalid);
  const clean: CleanProof[] = [];
  for (const bytes of files) {
    if (bytes.length > WITHDRAWAL_PROOFS.maxBytes) throw new AppError('image_too_large', invalid);
    clean.push(await cleanPhoto(bytes, () => new AppError('image_type_not_allowed', invalid)));
  }
  return clean;
}
