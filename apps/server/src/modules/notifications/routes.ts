import type { FastifyInstance } from 'fastify';
import { notificationsApi as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { listNotifications, markNotificationsRead } from './service';

export async function notificationRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ auth }) => ok('Notifications', 'notifications', await listNotifications(app.db, auth.user.id)));

  route(app, contract.markRead, async ({ auth, body }) => {
    await markNotificationsRead(app.db, auth.user.id, body.ids.length ? body.ids : 'all');
    return ok('Notifications read', 'notifications_read');
  });
}
