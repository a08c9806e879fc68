import type { FastifyInstance } from 'fastify';
import { designs as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { createDesign, deleteDesign, listDesigns, updateDesign } from './service';

export async function designsRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) => ok('Designs', 'designs_list', await listDesigns(app.db, query)));

  route(app, contract.create, async ({ auth, body }) => {
    return ok('Design created', 'design_created', await createDesign(app.db, auth, body));
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('Design updated', 'design_updated', await updateDesign(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deleteDesign(app.db, auth, params.id);
    return ok('Design deleted', 'design_deleted');
  });
}
