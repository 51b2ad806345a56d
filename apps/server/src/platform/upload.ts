import { UPLOAD_MESSAGES } from '@fanline/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

// The parser's own refusals when a body has more parts than the limits allow (files: 1, fields: 0).
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * The bytes of the one file of a multipart upload (avatar, cover, portfolio, attachment): exactly
 * one part, a file named `file`, as the API documents; another name, a second file or any other
 * field is a 400 that says so (security review N8). Only the request body is read here, so a
 * failure without an HTTP status is the parser refusing what the client sent (no boundary, a body
 * cut short, a broken part header): a 400, not a 500 (security review M5 e).
 */
export async function readSingleFileUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || bytes) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.onePart);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    if (code && TOO_MANY_PARTS.has(code)) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.onePart);
    if (statusCode && statusCode >= 400 && statusCode < 500) throw error;
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.unreadable);
  }
  if (!bytes) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.noFile);
  return bytes;
}
