import type { FastifyInstance } from 'fastify';
import { placement, receipt, trackerImport } from '@promo/shared';
import { AppError } from '../../lib/errors';
import { acceptMultipart, parsedPart } from '../../lib/multipart-body';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { addPlacementPhoto, removePlacementPhoto } from './placement';
import { confirmReceipt } from './receipt';
import { applyTrackerImport, previewTrackerImport, readTrackerFile } from './tracker-import';

/** After the distributor's parcel (decision 019): receipt and placement photos (station), tracker import (distributor). */
export async function deliveryRoutes(app: FastifyInstance) {
  route(app, receipt.confirm, async ({ auth, body }) => {
    const saved = await deliverNotifications(app, () => confirmReceipt(app.db, auth, body));
    return saved.changed ? ok('Receipt confirmed', 'receipt_saved', saved.receipt) : ok('The answer is unchanged', 'receipt_unchanged', saved.receipt);
  });

  route(
    app,
    placement.add,
    async ({ auth, body }) => ok('Photo added', 'placement_photo_added', await addPlacementPhoto(app.db, app.storage, auth, body)),
    acceptMultipart(app, placement.add.multipart),
  );

  route(app, placement.remove, async ({ auth, params }) => {
    await removePlacementPhoto(app.db, app.storage, auth, params.id);
    return ok('Photo deleted', 'placement_photo_deleted');
  });

  // The file is read here, not stored: a tracker file is small and only its rows matter.
  route(app, trackerImport.run, async ({ auth, query, req, reply }) => {
    if (!req.isMultipart()) throw new AppError(415, 'Expected a multipart upload', 'expected_multipart');
    const part = await parsedPart(() => req.file());
    if (!part) throw new AppError(422, 'Validation failed', 'validation_failed', { file: ['file_required'] });
    let sheet;
    try {
      sheet = await readTrackerFile(part.filename, part.file);
    } catch (err) {
      reply.header('connection', 'close');
      part.file.resume();
      throw err;
    }
    if (!query.apply) return ok('Preview', 'tracker_import_preview', await previewTrackerImport(app.db, query.promotion_id, sheet));
    const result = await deliverNotifications(app, () => applyTrackerImport(app.db, auth, query.promotion_id, sheet, query.plan));
    return ok('Tracker numbers imported', 'tracker_import_applied', result);
  });
}
