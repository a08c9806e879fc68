import type { FastifyInstance } from 'fastify';
import { promotionDesign as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { addDesign, addSurface, allDesigns, allSurfaces, removeDesign, removeSurface, surfacesWithDesigns } from './service';

export async function promotionDesignRoutes(app: FastifyInstance) {
  route(app, contract.surfacesWithDesigns, async ({ auth, query }) =>
    ok('Surfaces', 'promotion_surfaces', { surfaces: await surfacesWithDesigns(app.db, auth, query.promotion_id) }),
  );

  route(app, contract.addSurface, async ({ auth, body }) => {
    await addSurface(app.db, auth, body.promotion_id, body.surface_id);
    return ok('Surface added', 'surface_added');
  });

  route(app, contract.removeSurface, async ({ auth, params }) => {
    await removeSurface(app.db, auth, params.promotionId, params.surfaceId);
    return ok('Surface removed', 'surface_removed');
  });

  route(app, contract.addDesign, async ({ auth, body }) => ok('Design added', 'design_added', await addDesign(app.db, auth, body)));

  route(app, contract.removeDesign, async ({ auth, params }) => {
    await removeDesign(app.db, auth, params.id);
    return ok('Design removed', 'design_removed');
  });

  route(app, contract.allSurfaces, async () => ok('Surfaces', 'surfaces_list', { surfaces: await allSurfaces(app.db) }));

  route(app, contract.allDesigns, async ({ auth }) => ok('Designs', 'designs_list', { designs: await allDesigns(app.db, auth) }));
}
