import type { FastifyInstance } from 'fastify';
import { proofing as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { addPin, listPins, replyToPin, setPinStatus } from './pins';
import { listVersions } from './versions';

/** Pins on the files of a design's chat and the versions of its files (decision 017). */
export async function proofingRoutes(app: FastifyInstance) {
  const services = { db: app.db, realtime: app.realtime };

  route(app, contract.pins, async ({ auth, query }) => ok('Pins', 'pins', { pins: await listPins(app.db, auth, query.chat_id) }));

  route(app, contract.addPin, async ({ auth, body }) => ok('Pin added', 'pin_added', { pin: await addPin(services, auth, body) }));

  route(app, contract.replyToPin, async ({ auth, params, body }) =>
    ok('Reply added', 'pin_reply_added', { pin: await replyToPin(services, auth, params.id, body.text) }),
  );

  route(app, contract.setPinStatus, async ({ auth, params, body }) => {
    const pin = await setPinStatus(services, auth, params.id, body.status);
    return body.status === 'resolved' ? ok('Pin resolved', 'pin_resolved', { pin }) : ok('Pin reopened', 'pin_reopened', { pin });
  });

  route(app, contract.versions, async ({ auth, query }) => ok('File versions', 'file_versions', { versions: await listVersions(app.db, auth, query.chat_id) }));
}
