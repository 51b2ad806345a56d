import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Reads text/plain request bodies as JSON, within the calling plugin's scope only.
 * `navigator.sendBeacon` with a string body sends text/plain: a page cannot give it a JSON type
 * without a preflight. The route's zod body schema still decides what is valid; a body that is not
 * JSON at all is a 400 with `message`.
 */
export function parseTextPlainAsJson(
  app: Pick<FastifyInstance, 'addContentTypeParser' | 'removeContentTypeParser'>,
  opts: { message: string; bodyLimit?: number },
): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', ...(opts.bodyLimit === undefined ? {} : { bodyLimit: opts.bodyLimit }) },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('BAD_REQUEST', opts.message), undefined);
      }
    },
  );
}
