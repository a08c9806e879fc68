import type { FastifyInstance } from 'fastify';
import { print as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { sendAttachment } from '../files/service';
import { listPrintPromotions, printFile, printReport, setPrinted } from './service';

export async function printRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ auth, query }) => ok('Promotions', 'promotions_list', await listPrintPromotions(app.db, auth, query)));

  route(app, contract.report, async ({ auth, query }) => ok('Print report', 'print_report', await printReport(app.db, auth, query.promotion_id)));

  route(app, contract.setPrinted, async ({ auth, body }) => {
    await deliverNotifications(app, () => setPrinted(app.db, auth, body));
    return ok('The parcel has been sent to the distributor', 'parcel_printed');
  });

  route(app, contract.download, async ({ auth, query, reply }) => sendAttachment(reply, app.storage, await printFile(app.db, auth, query)));
}
