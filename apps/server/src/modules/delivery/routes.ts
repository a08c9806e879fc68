import type { FastifyInstance } from 'fastify';
import { MAX_TRACKER_IMPORT_BYTES, placement, receipt, trackerImport, type PlacementPhoto } from '@promo/shared';
import { MULTIPART_FRAMING } from '../../lib/declared-body';
import { AppError } from '../../lib/errors';
import { idempotent } from '../../lib/idempotency';
import { acceptMultipart, parsedPart } from '../../lib/multipart-body';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { addPlacementPhoto, removePlacementPhoto } from './placement';
import { confirmReceipt, type ReceiptResult } from './receipt';
import { applyTrackerImport, previewTrackerImport, readTrackerFile } from './tracker-import';

/** After the distributor's parcel (decision 019): receipt and placement photos (station), tracker import (distributor). */
export async function deliveryRoutes(app: FastifyInstance) {
  const receiptAnswer = (saved: ReceiptResult) =>
    saved.changed ? ok('Receipt confirmed', 'receipt_saved', saved.receipt) : ok('The answer is unchanged', 'receipt_unchanged', saved.receipt);
  // Both calls may come again from a device's offline queue: an Idempotency-Key makes the repeat a no-op.
  route(app, receipt.confirm, async ({ auth, body, req, reply }) =>
    idempotent(app.db, req, reply, auth.user.id, async (keep) =>
      receiptAnswer(await deliverNotifications(app, () => confirmReceipt(app.db, auth, body, (tx, saved) => keep(tx, receiptAnswer(saved))))),
    ),
  );

  const photoAnswer = (photo: PlacementPhoto) => ok('Photo added', 'placement_photo_added', photo);
  route(
    app,
    placement.add,
    async ({ auth, body, req, reply }) =>
      idempotent(app.db, req, reply, auth.user.id, async (keep) =>
        photoAnswer(await addPlacementPhoto(app.db, app.storage, auth, body, (tx, photo) => keep(tx, photoAnswer(photo)))),
      ),
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
  }, { multipartLimit: MAX_TRACKER_IMPORT_BYTES + MULTIPART_FRAMING });
}
