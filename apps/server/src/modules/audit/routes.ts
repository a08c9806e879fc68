import type { FastifyInstance } from 'fastify';
import { audit as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { listAudit } from './service';

/** The audit log (decision 020): admin only. */
export async function auditRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) => ok('Audit log', 'audit_log', await listAudit(app.db, query)));
}
