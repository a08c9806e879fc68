import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { errorAnswer, unavailableAnswer, validationFailedAnswer } from '@promo/shared';
import { AppError } from './errors';
import { isConnectionFailure, RETRY_AFTER_SECONDS } from './connection-failure';
import { takenRefusal } from './taken-refusal';

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

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

/**
 * What Fastify answers before any route or hook runs (a path that is not valid percent-encoding, a
 * path part over 100 characters), in the shape of every other refusal.
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send({ status: 'error', message: error.message, code: error.code });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({
        status: 'error',
        message: 'Validation failed',
        message_key: 'validation_failed',
        errors: fieldErrors(error.validation as ValidationItem[]),
      } satisfies z.input<typeof validationFailedAnswer>);
    }
    const refusal = error instanceof AppError ? error : takenRefusal(error);
    if (refusal) {
      if (refusal.statusCode === 401 || refusal.statusCode === 403) {
        req.log.warn({ event: 'request_refused', status: refusal.statusCode, url: req.url, userId: req.auth?.user.id });
      }
      return reply.code(refusal.statusCode).send({
        status: 'error',
        message: refusal.message,
        message_key: refusal.key,
        ...(refusal.params ? { message_params: refusal.params } : {}),
        ...(refusal.errors ? { errors: refusal.errors } : {}),
        ...(refusal.data !== undefined ? { data: refusal.data } : {}),
      } satisfies z.input<typeof errorAnswer>);
    }
    if ((error.statusCode ?? 500) >= 500 && isConnectionFailure(error)) {
      // The database (or another service) is down or restarting: a moment later the same call may
      // work, so clients and load balancers get 503 and when to ask again, not a bug's 500.
      req.log.warn({ err: error }, 'service unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'error', message: UNAVAILABLE_MESSAGE, message_key: 'service_unavailable', request_id: req.id } satisfies z.input<typeof unavailableAnswer>);
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
