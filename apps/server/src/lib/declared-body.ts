import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Endpoint } from '@promo/shared';
import { AppError } from './errors';
import { fileTooLarge } from './uploads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route serves (lib/route.ts): what its body may hold. */
    endpoint?: Endpoint;
    /** A multipart body's limit when the call's file is smaller than an upload (the tracker import). */
    multipartLimit?: number;
  }
}

/** What a multipart body holds besides its files and fields: boundaries and part headers. */
export const MULTIPART_FRAMING = 1024;

export const isMultipart = (req: FastifyRequest) => /^\s*multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/**
 * The most a request may declare as its Content-Length. A JSON or form body, or a multipart body to
 * a call that takes none: the route's body limit (1 MiB unless the route sets its own). A multipart
 * body to a call that takes one: one upload's worth of files (UPLOAD_LIMIT_BYTES, the file limit;
 * a call's several file parts share it) when the call takes file parts, plus the body limit when
 * it also takes fields, plus the framing (decision 028).
 */
export function declaredBodyLimit(req: FastifyRequest, uploadLimit: number): number {
  const { bodyLimit, config } = req.routeOptions;
  const endpoint = config.endpoint;
  if (!endpoint?.multipart || !isMultipart(req)) return bodyLimit;
  if (config.multipartLimit !== undefined) return config.multipartLimit;
  const takesFiles = Object.keys(endpoint.multipart).length > 0;
  return (takesFiles ? uploadLimit : 0) + (endpoint.body ? bodyLimit : 0) + MULTIPART_FRAMING;
}

/** The Content-Length a request declares; 0 when it declares none (a chunked body is counted as it comes). */
export function declaredLength(req: FastifyRequest): number {
  const declared = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(declared) ? declared : 0;
}

/**
 * Every request, before anything reads its body (and before the route's guard): a declared
 * Content-Length over the call's limit is answered 413 unread. A call's file is named in the
 * answer as the upload step names it; any other body gets Fastify's own refusal, the one a body
 * that passes the limit while streaming gets. The answer closes the connection (lib/early-answers.ts).
 */
export function refuseDeclaredOverLimit(uploadLimit: number) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (declaredLength(req) <= declaredBodyLimit(req, uploadLimit)) return;
    const fileField = isMultipart(req) ? Object.keys(req.routeOptions.config.endpoint?.multipart ?? {})[0] : undefined;
    if (!fileField) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    const err = fileTooLarge();
    throw new AppError(err.statusCode, err.message, err.key, { [fileField]: err.errors!.file! });
  };
}
