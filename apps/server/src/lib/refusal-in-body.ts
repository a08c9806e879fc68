import type { FastifyReply, FastifyRequest } from 'fastify';
import { auth } from '@promo/shared';

/**
 * Chromium logs every answer of 400 or more to a page's fetch or XHR as a console error ("Failed to
 * load resource"), and no page script can stop it. So a client that shows refusals itself asks with
 * `Prefer: refusal=in-body` (RFC 7240) to get the refusals of what its user typed or chose in a 200:
 * a change's 422, and the sign-in's 401 for a wrong e-mail or password. The body stays the refusal's
 * (`status: 'error'`, `errors`); `Preference-Applied: refusal=in-body` marks it and `Refusal-Status`
 * names the status it stands for. Reads keep their status (a cache must never take a refusal for
 * data), and so does every other refusal; without the preference nothing changes. Decision 032.
 */
export const REFUSAL_PREFERENCE = 'refusal=in-body';
export const REFUSAL_STATUS_HEADER = 'refusal-status';

const prefersRefusalInBody = (req: FastifyRequest) =>
  [req.headers.prefer ?? []]
    .flat()
    .flatMap((header) => header.split(','))
    .some((preference) => preference.trim().toLowerCase() === REFUSAL_PREFERENCE);

const typedByTheUser = (req: FastifyRequest, status: number) =>
  (status === 422 && req.method !== 'GET' && req.method !== 'HEAD') || (status === 401 && req.routeOptions.url === auth.login.path);

/**
 * A route's last onSend hook, so the hooks before it (the multipart clean-up, the no-store header,
 * the stale-cache news) still see the refusal's status.
 */
export async function refusalInBody(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const status = reply.statusCode;
  if (typedByTheUser(req, status) && prefersRefusalInBody(req)) {
    reply.code(200).header('preference-applied', REFUSAL_PREFERENCE).header(REFUSAL_STATUS_HEADER, String(status));
  }
  return payload;
}
