import sharp from 'sharp';
import { AppError } from './app-error.ts';

/** Pixels an uploaded image may decode to (a small file can unpack to a huge bitmap). */
const MAX_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded image (sharp/libvips) in its own format: only the pixels survive, so a file that is a
 * valid PNG and also HTML or script (text chunks, bytes after the end, metadata) is stored as a clean image.
 * An image that does not decode is refused as an unsupported type.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  try {
    const animated = contentType === 'image/gif' || contentType === 'image/webp';
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated, failOn: 'error' }).rotate();
    switch (contentType) {
      case 'image/png':
        return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), contentType };
      case 'image/jpeg':
        return { bytes: await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), contentType };
      case 'image/webp':
        return { bytes: await image.webp({ quality: 90 }).toBuffer(), contentType };
      case 'image/gif':
        return { bytes: await image.gif().toBuffer(), contentType };
      default:
        throw new AppError('unsupported_media_type');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unsupported_media_type');
  }
}

/** The image type its first bytes show; the declared type of an upload is not trusted. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP')
    return 'image/webp';
  return null;
}

/** A png or jpeg photo after its check, re-encoded so that only its pixels are kept. */
export interface CleanPhoto {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/**
 * Checks a photo (a proof, a document, a message's image) by its first bytes: png or jpeg only; then re-encodes it
 * (CPU time: outside any transaction). A wrong type, or an image that does not decode, is refused with `refused()`.
 */
export async function cleanPhoto(bytes: Uint8Array, refused: () => AppError): Promise<CleanPhoto> {
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') throw refused();
  const encoded = await reencodeImage(bytes, type).catch((error: unknown) => {
    if (error instanceof AppError) throw refused();
    throw error;
  });
  return { contentType: type, bytes: encoded.bytes };
}
