import type { FastifyInstance } from 'fastify';
import { signs, signTemplates } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { searchSignProducts, templateCandidates } from './choices';
import { generateSigns } from './generate';
import { previewSign, previewTemplate } from './preview';
import { getSignSet, saveSigns } from './sign-set';
import { checkTemplateBackground, createTemplate, getTemplate, listTemplates, saveTemplate } from './templates';

/** Price signs (issue 34, decision 043): templates and a design's signs. */
export async function signsRoutes(app: FastifyInstance) {
  const deps = { db: app.db, storage: app.storage, preflight: app.preflight, realtime: app.realtime, signRenderer: app.signRenderer };

  route(app, signTemplates.products, async ({ query }) => ok('Products', 'products_list', { products: await searchSignProducts(app.db, query.search) }));
  route(app, signTemplates.candidates, async ({ auth, query }) => ok('Designs', 'designs_list', { designs: await templateCandidates(app.db, auth, query.search) }));
  route(app, signTemplates.list, async ({ auth, query }) => ok('Templates', 'sign_templates', { templates: await listTemplates(app.db, auth, query.surface_id) }));
  route(app, signTemplates.get, async ({ params }) => ok('Template', 'sign_template', await getTemplate(app.db, params.id)));
  route(app, signTemplates.create, async ({ auth, body }) => ok('Template created', 'sign_template_created', await createTemplate(deps, auth, body)));
  route(app, signTemplates.save, async ({ auth, params, body }) => ok('Template saved', 'sign_template_saved', await saveTemplate(deps, auth, params.id, body)));
  route(app, signTemplates.checkBackground, async ({ auth, params, body }) => {
    await checkTemplateBackground(deps, auth, params.id, body.layout);
    return ok('The background can be used', 'sign_background_ok');
  });
  route(app, signTemplates.preview, async ({ auth, params, body }) => ok('Preview', 'sign_preview', await previewTemplate(deps, auth, params.id, body)));

  route(app, signs.get, async ({ auth, params }) => ok('Signs', 'signs', await getSignSet(app.db, auth, params.id)));
  route(app, signs.save, async ({ auth, params, body }) => ok('Signs saved', 'signs_saved', await saveSigns(deps, auth, params.id, body.signs)));
  route(app, signs.preview, async ({ auth, params, body }) => ok('Preview', 'sign_preview', await previewSign(deps, auth, params.id, body.sign)));
  route(app, signs.generate, async ({ auth, params }) => {
    const { message, unchanged } = await deliverNotifications(app, () => generateSigns(deps, auth, params.id));
    return unchanged ? ok('The signs are unchanged since the print file was generated', 'signs_unchanged', { message }) : ok('Signs generated', 'signs_generated', { message });
  });
}
