import type { FastifyInstance } from 'fastify';
import { promotions as contract } from '@promo/shared';
import { notFound } from '../../lib/errors';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { promotions as promotionsTable } from '../../db/schema';
import { imageOwner, setImage, SET_IMAGE_BODY_LIMIT } from '../files/set-image';
import { assertMayChangeImage } from './access';
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  notifyAdmin,
  responsibleManagers,
  updatePromotion,
} from './service';

export async function promotionsRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) => ok('Promotions', 'promotions_list', await listPromotions(app.db, query)));

  // Registered before /{id}: the static path wins.
  route(app, contract.getAllCm, async () => ok('Managers', 'managers_list', { cm_users: await responsibleManagers(app.db) }));

  route(app, contract.get, async ({ params }) => {
    const data = await getPromotion(app.db, params.id);
    if (!data) throw notFound();
    return ok('Promotion', 'promotion', data);
  });

  route(app, contract.create, async ({ auth, body }) => {
    return ok('Promotion created', 'promotion_created', await createPromotion(app.db, auth, body));
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('Promotion updated', 'promotion_updated', await updatePromotion(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deletePromotion(app.db, app.storage, auth, params.id);
    return ok('Promotion deleted', 'promotion_deleted');
  });

  route(app, contract.notifyAdmin, async ({ auth, body }) => {
    const promotion = await deliverNotifications(app, () => notifyAdmin(app.db, auth, body.promotion_id));
    return ok('The admin has been notified', 'admin_notified', promotion);
  }
  );

  route(
    app,
    contract.setImage,
    async ({ auth, params, body }) =>
      ok('Image saved', 'image_saved', {
        url_images: await setImage(app.db, app.storage, auth, imageOwner(promotionsTable, 'promotions', params.id, (db) => assertMayChangeImage(db, auth, params.id)), body),
      }),
    { bodyLimit: SET_IMAGE_BODY_LIMIT },
  );
}
