import type { FastifyInstance } from 'fastify';
import { DESIGN_STATUS_EVENT, designPage as page, promotionDesign as contract } from '@promo/shared';
import { acceptMultipart } from '../../lib/multipart-body';
import { ok, route } from '../../lib/route';
import { designParticipants } from '../chat/messages';
import { deliverNotifications } from '../notifications/deliver';
import { addBriefFiles, addBriefProduct, bindDesigner, deleteBriefFile, deleteBriefProduct, getDesignPage, searchProducts, updateBrief } from './design-page';
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
    await removeSurface(app.db, app.storage, auth, params.promotionId, params.surfaceId);
    return ok('Surface removed', 'surface_removed');
  });

  route(app, contract.addDesign, async ({ auth, body }) => ok('Design added', 'design_added', await addDesign(app.db, auth, body)));

  route(app, contract.removeDesign, async ({ auth, params }) => {
    await removeDesign(app.db, app.storage, auth, params.id);
    return ok('Design removed', 'design_removed');
  });

  route(app, contract.allSurfaces, async () => ok('Surfaces', 'surfaces_list', { surfaces: await allSurfaces(app.db) }));

  route(app, contract.allDesigns, async ({ auth }) => ok('Designs', 'designs_list', { designs: await allDesigns(app.db, auth) }));
}

export async function designPageRoutes(app: FastifyInstance) {
  route(app, page.get, async ({ auth, query }) => ok('Design', 'design', await getDesignPage(app.db, auth, query)));

  route(app, page.updateBrief, async ({ auth, params, body }) => {
    const status = await deliverNotifications(app, () => updateBrief(app.db, auth, params.id, body));
    if (status) app.realtime.publish(await designParticipants(app.db, params.id), DESIGN_STATUS_EVENT, status);
    return ok('Design updated', 'design_updated');
  });

  route(app, page.bindDesigner, async ({ auth, body }) => {
    await bindDesigner(app.db, auth, body.design_id, body.bool_action);
    return ok(body.bool_action ? 'Design bound' : 'Design detached', body.bool_action ? 'design_bound' : 'design_detached');
  });

  // Form-encoded `file_ids` from the web, or the spec's multipart `files[i]`; each file brings three
  // text fields (names, sizes, dates), so the field limit is raised with the files'.
  route(
    app,
    page.addFiles,
    async ({ auth, body }) => ok('Files added', 'files_added', { files: await addBriefFiles(app.db, auth, body.promotion_surface_design_id, body.file_ids) }),
    acceptMultipart(app, page.addFiles.multipart, { files: 20, fields: 100 }),
  );

  route(app, page.deleteFile, async ({ auth, body }) => {
    await deleteBriefFile(app.db, app.storage, auth, body.promotion_surface_design_id, body.file_id);
    return ok('File deleted', 'file_deleted');
  });

  route(app, page.addProduct, async ({ auth, body }) => {
    await addBriefProduct(app.db, auth, body.promotion_surface_design_id, body.product_id);
    return ok('Product added', 'product_added');
  });

  route(app, page.deleteProduct, async ({ auth, body }) => {
    await deleteBriefProduct(app.db, auth, body.promotion_surface_design_id, body.product_id);
    return ok('Product removed', 'product_removed');
  });

  route(app, page.products, async ({ query }) => ok('Products', 'products_list', { products: await searchProducts(app.db, query.search) }));
}
