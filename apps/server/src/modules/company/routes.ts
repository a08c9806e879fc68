import type { FastifyInstance } from 'fastify';
import { company as contract, type SaveAmountData } from '@promo/shared';
import { idempotent } from '../../lib/idempotency';
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

  // A device's offline queue may send an amount again when its answer was lost (decision 023): with
  // an Idempotency-Key the repeat gets the first answer and writes no second history row.
  const amountAnswer = (saved: SaveAmountData) =>
    saved.changed ? ok('The amount was saved', 'amount_saved', saved) : ok('The amount is unchanged', 'amount_unchanged', saved);
  route(app, contract.saveAmount, async ({ auth, body, req, reply }) =>
    idempotent(app.db, req, reply, auth.user.id, async (keep) => amountAnswer(await saveAmount(app.db, auth, body, (tx, saved) => keep(tx, amountAnswer(saved))))),
  );

  route(app, contract.history, async ({ auth, query }) => ok('Planner history', 'planner_history', await historyList(app.db, auth, query)));

  route(app, contract.userPlanner, async ({ auth }) => ok('Company planner', 'company_planner', await userCompanyPlanner(app.db, auth)));
}
