import type { FastifyInstance } from 'fastify';
import { company as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { historyList, plannerList, saveAmount, userCompanyPlanner } from './planner';
import { listUserPromotions, userPromotion } from './user-promotions';

/** The station's calls under /company_api (role user): each works on the session's own station. */
export async function companyRoutes(app: FastifyInstance) {
  route(app, contract.userPromotions, async ({ auth, query }) => ok('Promotions', 'promotions_list', await listUserPromotions(app.db, auth, query)));

  route(app, contract.userPromotion, async ({ auth, params }) =>
    ok('Promotion', 'promotion', await userPromotion(app.db, auth, params.id, app.config.TRACKING_URL_TEMPLATE)),
  );

  route(app, contract.planner, async ({ auth, query }) => ok('Company planner', 'company_planner', await plannerList(app.db, auth, query)));

  route(app, contract.saveAmount, async ({ auth, body }) => {
    const saved = await saveAmount(app.db, auth, body);
    return saved.changed ? ok('The amount was saved', 'amount_saved', saved) : ok('The amount is unchanged', 'amount_unchanged', saved);
  });

  route(app, contract.history, async ({ auth, query }) => ok('Planner history', 'planner_history', await historyList(app.db, auth, query)));

  route(app, contract.userPlanner, async ({ auth }) => ok('Company planner', 'company_planner', await userCompanyPlanner(app.db, auth)));
}
