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

/** What a form of text fields and files may hold, and the codes it answers past its limits. */
export interface FileFormLimits extends Required<MultipartLimitErrors> {
  /** The name of the file parts; a file under any other name is refused (validation_failed on that name). */
  fileField: string;
  /** Files at most, and bytes each. */
  files: number;
  fileBytes: number;
  /** Text fields at most. */
  fields: number;
}

/**
 * The text fields of a multipart form and its files (read whole, in their order) named `limits.fileField`. A form
 * whose file input was left empty still sends the part, with no name and no bytes: it is skipped.
 */
export async function readFileForm(
  request: FastifyRequest,
  limits: FileFormLimits,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  await readMultipart(
    request,
    async () => {
      const parts = request.parts({
        limits: { fileSize: limits.fileBytes, files: limits.files, fields: limits.fields },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        if (part.fieldname !== limits.fileField)
          throw new AppError('validation_failed', { [part.fieldname]: 'invalid_value' });
        files.push(bytes);
      }
    },
    limits,
  );
  return { fields, files };
}
