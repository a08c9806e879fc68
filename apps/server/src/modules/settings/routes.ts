import type { FastifyInstance } from 'fastify';
import { settings as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { createSettings, getSettings, updateSettings } from './service';

/** System settings (spec 001 §2.14): the distributor, the promotions admin and the report's percent. */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, contract.get, async () => ok('System settings', 'system_settings', await getSettings(app.db)));

  route(app, contract.create, async ({ auth, body }) => {
    const settings = await createSettings(app.db, auth, body);
    return ok('The system settings were saved', 'settings_saved', { settings });
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('The system settings were saved', 'settings_saved', { settings: await updateSettings(app.db, auth, params.id, body) }),
  );
}
