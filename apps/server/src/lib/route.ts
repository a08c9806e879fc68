import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { can, type Endpoint, type successAnswer } from '@promo/shared';
import type { AuthContext } from './auth-context';
import { isMultipart } from './declared-body';
import { AppError, forbidden, unauthenticated } from './errors';
import { assertNamedDistributor } from './named-distributor';
import { refusalInBody } from './refusal-in-body';
import { refuseUnstorableText } from './text-input';

type Out<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

const unsupportedMultipart = () => new AppError(415, 'This call takes a form-encoded body, not multipart', 'unsupported_media_type');

/** An absent body or query validates as an empty object, so missing fields get per-field errors. */
const orEmpty = (schema: z.ZodType | undefined) => schema && z.preprocess((v) => v ?? {}, schema);

/**
 * Registers one contract: its path, its input schemas and its access rule. The guard runs before
 * validation, so an unauthorised caller learns nothing about the input rules. Text the database
 * cannot keep as sent (NUL, lone surrogates) is refused for every endpoint before its schema runs.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
  /**
   * Route options beside the contract: a body limit, the hooks of `acceptMultipart`, or a multipart
   * body's limit when the call's file is smaller than an upload (lib/declared-body.ts).
   */
  options: Pick<RouteOptions, 'bodyLimit' | 'onSend'> & {
    preValidation?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    multipartLimit?: number;
  } = {},
): void {
  const { multipartLimit, ...routeOptions } = options;
  // Only the contracts that name a multipart body read one into their schema (acceptMultipart); any
  // other would get an empty form, and a partial update would answer "saved" having changed nothing.
  const refuseUnreadMultipart = (req: FastifyRequest) => {
    if (endpoint.body && !endpoint.multipart && isMultipart(req)) throw unsupportedMultipart();
  };
  app.route({
    ...routeOptions,
    // What the body may declare before it is read (lib/declared-body.ts).
    config: { endpoint, multipartLimit },
    onSend: [...[routeOptions.onSend ?? []].flat(), refusalInBody],
    // A stored file goes as it was stored, with its Content-Length (lib/compression.ts).
    ...(endpoint.answer === 'file' ? { compress: false as const } : {}),
    method: endpoint.method,
    url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      ...(endpoint.body ? { body: orEmpty(endpoint.body) } : {}),
      ...(endpoint.query ? { querystring: orEmpty(endpoint.query) } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
    },
    onRequest: async (req) => {
      if (endpoint.access === 'public') return refuseUnreadMultipart(req);
      const auth = await app.authenticate(req, endpoint.cookieAuth);
      if (!auth) throw unauthenticated();
      if (endpoint.access !== 'authenticated' && !can(auth.user.role, endpoint.access)) throw forbidden();
      // Of the distributor accounts only the one system settings name acts (decision 026).
      if (endpoint.access !== 'authenticated' && auth.user.role === 'distributor') await assertNamedDistributor(app.db, auth.user.id);
      refuseUnreadMultipart(req);
    },
    // A multipart body is read first, so its text fields are checked like a form body's.
    preValidation: routeOptions.preValidation ? [routeOptions.preValidation, refuseUnstorableText] : refuseUnstorableText,
    handler: async (req, reply) => {
      if (endpoint.answer === 'created') reply.code(201);
      return handler({
        body: req.body,
        query: req.query,
        params: req.params,
        auth: req.auth,
        req,
        reply,
      } as RouteContext<E>);
    },
  });
}

/** A success body; `key` names the text under `server` in the web's locale files. */
export function ok<T>(message: string, key: string, data?: T) {
  return { status: 'success' as const, message, message_key: key, ...(data === undefined ? {} : { data }) } satisfies z.input<typeof successAnswer>;
}
