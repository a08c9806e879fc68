import type { FastifyInstance } from 'fastify';
import { reportTotalRows, reports as contract } from '@promo/shared';
import { AppError } from '../../lib/errors';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { dispositionName } from '../files/service';
import { makeExport, openExport } from './excel';
import { printerParcelStatus, reportView, sendToPrinters, stationParcelStatus } from './service';
import { takeBackFromPrinters } from './take-back';

export async function reportRoutes(app: FastifyInstance) {
  route(app, contract.view, async ({ auth, query }) =>
    ok('Report', 'report', await reportView(app.db, auth, query.promotion_id, query.percent, app.config.TRACKING_URL_TEMPLATE)),
  );

  route(app, contract.printerParcels, async ({ auth, query }) =>
    ok('Printer parcels', 'printer_parcels', await printerParcelStatus(app.db, auth, query.promotion_id)),
  );

  route(app, contract.stationParcels, async ({ auth, query }) =>
    ok('Station parcels', 'station_parcels', await stationParcelStatus(app.db, auth, query.promotion_id)),
  );

  route(app, contract.sendToPrinters, async ({ auth, body }) => {
    const result = await deliverNotifications(app, () => sendToPrinters(app.db, auth, body));
    if (!result.sent) {
      throw new AppError(409, 'Surfaces do not have Printer', 'surfaces_without_printer', undefined, undefined, result.surfaces);
    }
    // `data` stays the specification's list of surfaces without a printer; the preflight's notes go beside it.
    return { ...ok('The promotion has been sent to the printers', 'sent_to_printers', result.surfaces), preflight: result.preflight };
  });

  route(app, contract.takeBack, async ({ auth, body }) => {
    await takeBackFromPrinters(app.db, auth, body.promotion_id);
    return ok('The promotion has been taken back from the printers', 'taken_back_from_printers');
  });

  route(app, contract.excel, async ({ auth, body }) => {
    const token = await makeExport(app.db, app.config.dataDir, auth.user.id, {
      promotionId: body.promotion_id,
      title: body.promotion_name,
      percent: body.number_percent,
      address: body.display_address,
      categories: body.display_categories,
      totalRows: reportTotalRows(auth.user.role),
    });
    return ok('Report made', 'report_made', { file: `/api/xl-file/download/${token}` });
  });

  route(app, contract.excelDownload, async ({ auth, params, reply }) => {
    const file = await openExport(app.config.dataDir, params.token, auth.user.id);
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; ${dispositionName(file.fileName)}`);
    return reply.send(file.stream);
  });
}
