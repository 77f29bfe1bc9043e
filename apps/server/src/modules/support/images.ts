import { SUPPORT_LIMITS } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import { reencodeImage } from '../../platform/images.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { sniffImageType } from '../content/service.ts';

/** An image of a message after its check: a png or jpeg re-encoded so that only its pixels are kept. */
export interface CleanImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const invalid = { image: 'invalid_value' } as const;

/** The text field of a multipart message and its files named `image` (3 at most, 5 MB each), read whole. */
export async function readImageForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  await readMultipart(
    request,
    async () => {
      const parts = request.parts({
        limits: { fileSize: SUPPORT_LIMITS.imageBytesMax, files: SUPPORT_LIMITS.imagesMax, fields: 2 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        if (part.fieldname !== 'image')
          throw new AppError('validation_failed', { [part.fieldname]: 'invalid_value' });
        files.push(bytes);
      }
    },
    { tooLarge: new AppError('image_too_large', invalid), tooMany: new AppError('too_many_images', invalid) },
  );
  return { fields, files };
}

/**
 * Checks each image by its first bytes (the declared type is not trusted): png or jpeg, 1 to 3 of them; then
 * re-encodes it (outside any transaction: it takes CPU time). One that does not decode is refused like a wrong type.
 */
export async function cleanImages(files: readonly Buffer[]): Promise<CleanImage[]> {
  if (files.length === 0) throw new AppError('validation_failed', { image: 'required' });
  const clean: CleanImage[] = [];
  for (const bytes of files) {
    const type = sniffImageType(bytes);
    if (type !== 'image/png' && type !== 'image/jpeg') throw new AppError('image_type_not_allowed', invalid);
    const encoded = await reencodeImage(bytes, type).catch((error: unknown) => {
      if (error instanceof AppError) throw new AppError('image_type_not_allowed', invalid);
      throw error;
    });
    clean.push({ contentType: type, bytes: encoded.bytes });
  }
  return clean;
}
