import type { FastifyInstance } from 'fastify';
import { waiting as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { digestOptOutOf, setDigestOptOut } from './opt-out';
import { waitingFor } from './service';

/** The start page's "waiting for me" and the digest opt-out (issue 15, decision 018). */
export async function waitingRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ auth }) => {
    const [items, digest_opt_out] = await Promise.all([waitingFor(app.db, auth.user), digestOptOutOf(app.db, auth.user.id)]);
    return ok('Waiting for you', 'waiting_for_me', { items, digest_opt_out });
  });
  route(app, contract.digestOptOut, async ({ auth, params, body }) =>
    ok('Saved', 'digest_opt_out_saved', await setDigestOptOut(app.db, auth, params.id, body.digest_opt_out)),
  );
}
