import { GENERIC_ERROR_MESSAGE } from '@fanline/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorClass } from './database-errors';
import { AppError } from './errors';

const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * One place maps errors to responses: AppError codes to statuses, schema failures to 400 with the
 * fields named, and anything unexpected to a logged 500 that tells the client only the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Every 429 says when to come back (security review N1): the limiter's own figure when it has
    // one (@fastify/rate-limit sets the header itself), else a minute.
    if (error.statusCode === 429 && !reply.hasHeader('retry-after')) {
      const seconds = error instanceof AppError ? error.retryAfterSeconds : undefined;
      reply.header('retry-after', String(seconds ?? DEFAULT_RETRY_AFTER_SECONDS));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, fields: error.fields, requestId: request.id },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields, requestId: request.id },
      });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.', requestId: request.id },
      });
    }
    // Security review I6: a body type the route does not take has its own code.
    if (error.statusCode === 415) {
      return reply.status(415).send({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: error.message, requestId: request.id },
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        error: { code: 'BAD_REQUEST', message: error.message, requestId: request.id },
      });
    }
    const databaseClass = databaseErrorClass(error);
    if (databaseClass) app.metrics.databaseErrors.inc({ class: databaseClass });
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE, requestId: request.id } });
  });
}
