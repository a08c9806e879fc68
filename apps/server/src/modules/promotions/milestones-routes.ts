import type { FastifyInstance } from 'fastify';
import { milestones as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { getMilestones, updateMilestones } from './milestones-service';

/** A promotion's milestones (issue 15): read by whoever sees promotions, moved by admin and cm-admin. */
export async function milestonesRoutes(app: FastifyInstance) {
  route(app, contract.get, async ({ params }) => ok('Milestones', 'milestones', await getMilestones(app.db, params.id)));
  route(app, contract.update, async ({ auth, params, body }) =>
    ok('The milestones were saved', 'milestones_saved', await updateMilestones(app.db, auth, params.id, body)),
  );
}
