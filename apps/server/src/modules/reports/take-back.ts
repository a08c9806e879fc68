import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { printedParcels, printReportAmounts, printReports, promotions } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { recordEvent } from '../promotions/events';

/**
 * Take back from printers (admin only, decision 011): allowed while no printer has sent a parcel.
 * The print report and its frozen amounts go, so the designs and their HQ files may change and the
 * promotion can be sent again; who took it back and when stays in its history, and the audit log
 * keeps what had been sent.
 */
export async function takeBackFromPrinters(db: Db, auth: AuthContext, promotionId: number) {
  await db.transaction(async (tx) => {
    const [promotion] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    const [report] = await tx.select().from(printReports).where(eq(printReports.promotion_id, promotionId));
    if (!report) throw invalidField('promotion_id', 'not_sent_to_printers');
    const [printed] = await tx.select({ id: printedParcels.id }).from(printedParcels).where(eq(printedParcels.promotion_id, promotionId)).limit(1);
    if (printed) throw invalidField('promotion_id', 'printing_started');
    await tx.delete(printReportAmounts).where(eq(printReportAmounts.promotion_id, promotionId));
    await tx.delete(printReports).where(eq(printReports.id, report.id));
    await recordEvent(tx, promotionId, 'taken_back_from_printers', auth.user.id);
    await writeAudit(tx, auth, {
      action: 'take_back_from_printers',
      entity: 'promotions',
      entityId: promotionId,
      before: { percent: report.percent, description_cm: report.description_cm, sent_by: report.sent_by, sent_at: report.created_at.toISOString() },
    });
  });
}
