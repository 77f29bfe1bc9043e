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
