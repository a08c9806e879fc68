import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

type ValidationItem = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Field errors keyed by the field's path (`email`, `obj_search.field`). */
function fieldErrors(items: ValidationItem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of items) {
    const fromIssue = item.params?.issue?.path?.map(String).join('.');
    const field = fromIssue || (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(item.message ?? 'invalid');
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({
        status: 'error',
        message: 'Validation failed',
        message_key: 'validation_failed',
        errors: fieldErrors(error.validation as ValidationItem[]),
      });
    }
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        req.log.warn({ event: 'request_refused', status: error.statusCode, url: req.url, userId: req.auth?.user.id });
      }
      return reply.code(error.statusCode).send({
        status: 'error',
        message: error.message,
        message_key: error.key,
        ...(error.params ? { message_params: error.params } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.data !== undefined ? { data: error.data } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ status: 'error', message: 'Server error', request_id: req.id });
    }
    // Fastify's own 4xx: malformed JSON or form body, unsupported media type, body too large.
    return reply.code(status).send({ status: 'error', message: error.message, code: error.code });
  });
}
