import type { FastifyInstance } from 'fastify';
import { push as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { listDevices, queueTestPush, removeDevice, setEnabled, subscribe } from './devices';

/** Web Push: the VAPID key and the caller's own devices (issue 21, decision 022). */
export async function pushRoutes(app: FastifyInstance) {
  route(app, contract.vapidPublicKey, async () => ok('VAPID public key', 'push_vapid_public_key', { public_key: (await app.push.keys()).publicKey }));

  route(app, contract.subscribe, async ({ auth, body, req }) =>
    ok('Notifications are on for this device', 'push_subscribed', await subscribe(app.db, auth, body, req.headers['user-agent'] ?? '', app.push.endpointCheck)),
  );

  route(app, contract.list, async ({ auth }) => ok('Devices', 'push_devices', { devices: await listDevices(app.db, auth.user.id) }));

  route(app, contract.setEnabled, async ({ auth, params, body }) => {
    const device = await setEnabled(app.db, auth, params.id, body.enabled);
    return ok(body.enabled ? 'Notifications on for this device' : 'Notifications off for this device', body.enabled ? 'push_enabled' : 'push_disabled', device);
  });

  route(app, contract.remove, async ({ auth, params }) => {
    await removeDevice(app.db, auth, params.id);
    return ok('Device removed', 'push_device_removed');
  });

  route(app, contract.test, async ({ auth, params }) => {
    await queueTestPush(app.db, auth, params.id);
    // Sent after the answer: a slow push service never holds the request.
    void app.push.sender.flush();
    return ok('Test notification sent', 'push_test_sent');
  });
}
