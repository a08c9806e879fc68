import type { FastifyInstance } from 'fastify';
import { insights as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { costInsights } from './cost';
import { deadlineInsights } from './deadlines';
import { deliveryInsights } from './delivery';
import { printQualityInsights } from './print-quality';
import { insightsScope } from './scope';
import { turnaroundInsights } from './turnaround';

/** The chain's overview (issue 24, decision 038): admin and cm-admin everything, a cm its categories. */
export async function insightsRoutes(app: FastifyInstance) {
  route(app, contract.cost, async ({ query, auth }) => ok('Insights', 'insights', await costInsights(app.db, await insightsScope(app.db, auth, query))));
  route(app, contract.deadlines, async ({ query, auth }) => ok('Insights', 'insights', await deadlineInsights(app.db, await insightsScope(app.db, auth, query))));
  route(app, contract.delivery, async ({ query, auth }) => ok('Insights', 'insights', await deliveryInsights(app.db, await insightsScope(app.db, auth, query))));
  route(app, contract.turnaround, async ({ query, auth }) => ok('Insights', 'insights', await turnaroundInsights(app.db, await insightsScope(app.db, auth, query))));
  route(app, contract.printQuality, async ({ query, auth }) => ok('Insights', 'insights', await printQualityInsights(app.db, await insightsScope(app.db, auth, query))));
}
