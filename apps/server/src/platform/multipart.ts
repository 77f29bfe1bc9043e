import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** What a route answers when a multipart body is over its limits (its own codes and fields, or the generic ones). */
export interface MultipartLimitErrors {
  /** A file past its size limit. */
  tooLarge?: AppError;
  /** More files, fields or parts than the limits allow. */
  tooMany?: AppError;
}

const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * Reads a multipart body through `read` (which walks `request.file()` or `request.parts()`): a body that is not
 * multipart is refused with 415, one over its limits with the route's codes, and anything else the parser (busboy
 * through @fastify/multipart) throws, such as a missing boundary, a cut-off part or a malformed part header, with a
 * 400 `bad_request` envelope. The parser's errors carry no HTTP status of their own, so without this they would
 * reach the generic handler as a 500. AppErrors the reader throws pass unchanged.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  read: () => Promise<T>,
  limits: MultipartLimitErrors = {},
): Promise<T> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw limits.tooLarge ?? new AppError('payload_too_large');
    if (typeof code === 'string' && TOO_MANY.has(code))
      throw limits.tooMany ?? new AppError('payload_too_large');
    throw new AppError('bad_request');
  }
}
