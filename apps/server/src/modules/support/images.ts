import { SUPPORT_LIMITS } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { type CleanPhoto, cleanPhoto } from '../../platform/images.ts';
import { readFileForm } from '../../platform/multipart.ts';

/** An image of a message after its check: a png or jpeg re-encoded so that only its pixels are kept. */
export type CleanImage = CleanPhoto;

const invalid = { image: 'invalid_value' } as const;

/** The text fields of a multipart message (`fields` at most) and its files named `image` (3 at most, 5 MB each). */
export function readImageForm(request: FastifyRequest, fields = 2) {
  return readFileForm(request, {
    fileField: 'image',
    files: SUPPORT_LIMITS.imagesMax,
    fileBytes: SUPPORT_LIMITS.imageBytesMax,
    fields,
    tooLarge: new AppError('image_too_large', invalid),
    tooMany: new AppError('too_many_images', invalid),
  });
}

/**
 * Checks each image by its first bytes (the declared type is not trusted): png or jpeg, 1 to 3 of them; then
 * re-encodes it (outside any transaction: it takes CPU time). One that does not decode is refused like a wrong type.
 */
export async function cleanImages(files: readonly Buffer[]): Promise<CleanImage[]> {
  if (files.length === 0) throw new AppError('validation_failed', { image: 'required' });
  const clean: CleanImage[] = [];
  for (const bytes of files)
    clean.push(await cleanPhoto(bytes, () => new AppError('image_type_not_allowed', invalid)));
  return clean;
}
