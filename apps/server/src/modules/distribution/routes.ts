import type { FastifyInstance } from 'fastify';
import { distribution as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { listDistributorPromotions, setDistributorTracker } from './service';

export async function distributionRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) => ok('Promotions', 'promotions_list', await listDistributorPromotions(app.db, query)));

  route(app, contract.setTracker, async ({ auth, body }) => {
    await deliverNotifications(app, () => setDistributorTracker(app.db, auth, body));
    return ok('The parcel has been registered', 'parcel_sent');
  });
}
