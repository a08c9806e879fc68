import { and, eq } from 'drizzle-orm';
import type { ParcelReceipt, ReceiptStatus } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { distributorParcels, promotions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { namedDistributorId } from '../../lib/named-distributor';
import { ownStation } from '../company/station';
import { notify } from '../notifications/service';
import { queuePush } from '../push/outbox';

type ParcelRow = typeof distributorParcels.$inferSelect;
export type ReceiptResult = { receipt: ParcelReceipt; changed: boolean };

/** The receipt of a parcel row as the API shows it; null before the station answered. */
export function receiptOf(p: Pick<ParcelRow, 'receipt_status' | 'receipt_note' | 'received_at'>): ParcelReceipt | null {
  if (!p.receipt_status || !p.received_at) return null;
  return { status: p.receipt_status as ReceiptStatus, note: p.receipt_note, received_at: p.received_at.toISOString() };
}

/**
 * A station confirms receipt of one of its own parcels (decision 019). A parcel exists only once
 * the distributor has registered it sent, so a parcel that is not (yet) there, or is another
 * station's, is the same 404. The station may change its answer later: the first confirmation's
 * time stays as received_at, each answer is audited with what it replaced. A problem notifies the
 * distributor system settings name and the promotion's manager (bell and mail, after commit).
 */
export async function confirmReceipt(
  db: Db,
  auth: AuthContext,
  body: { parcel_id: number; receipt_status: ReceiptStatus; receipt_note: string },
  /** Called in the transaction with the result, so a route can keep its answer with the change. */
  inTransaction: (tx: DbOrTx, result: ReceiptResult) => Promise<void> = async () => {},
) {
  const station = await ownStation(db, auth);
  return db.transaction(async (tx): Promise<ReceiptResult> => {
    const done = async (result: ReceiptResult) => {
      await inTransaction(tx, result);
      return result;
    };
    const [parcel] = await tx
      .select()
      .from(distributorParcels)
      .where(and(eq(distributorParcels.id, body.parcel_id), eq(distributorParcels.station_id, station.id)))
      .for('update');
    if (!parcel) throw notFound();
    const note = body.receipt_note;
    const unchanged = parcel.receipt_status === body.receipt_status && parcel.receipt_note === note;
    if (unchanged) return done({ receipt: receiptOf(parcel)!, changed: false });
    const now = new Date();
    const [saved] = await tx
      .update(distributorParcels)
      .set({ receipt_status: body.receipt_status, receipt_note: note, received_at: parcel.received_at ?? now, received_by_id: auth.user.id, updated_at: now })
      .where(eq(distributorParcels.id, parcel.id))
      .returning();
    await writeAudit(tx, auth, {
      action: parcel.receipt_status ? 'change_parcel_receipt' : 'confirm_parcel_receipt',
      entity: 'distributor_parcels',
      entityId: parcel.id,
      before: { receipt_status: parcel.receipt_status, receipt_note: parcel.receipt_note },
      after: { receipt_status: body.receipt_status, receipt_note: note },
    });
    // A problem (new, or a changed note) is something the distributor who acts now (decision 026) and the promotion's manager act on.
    if (body.receipt_status === 'problem') {
      const [promotion] = await tx.select({ id: promotions.id, name: promotions.name, manager_id: promotions.manager_id }).from(promotions).where(eq(promotions.id, parcel.promotion_id));
      if (promotion) {
        const link = `/promotion-report-view?prom_id=${promotion.id}`;
        const told = [await namedDistributorId(tx), promotion.manager_id];
        await notify(tx, told, { kind: 'receipt_problem', promotion_id: promotion.id, promotion_name: promotion.name, link });
        await queuePush(tx, told, { kind: 'receipt_problem', facts: { promotion: promotion.name }, link });
      }
    }
    return done({ receipt: receiptOf(saved!)!, changed: true });
  });
}
