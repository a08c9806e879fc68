import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, distributorParcels, notifications } from '../../db/schema';
import { deliveredSurface } from '../../test/delivered-surface-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33: a station's receipt sent twenty times at once (a phone's queue and a double tap) is one
 * answer: confirmed, audited and told once. One request at a time is in test/receipt-placement.test.ts.
 */
describe.skipIf(!inject('testDatabaseUrl'))('a receipt sent twenty times at once (needs PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('confirms once, audits once and tells the distributor and the manager once', async () => {
    const [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
    const d = await deliveredSurface(t, { admin, cm, designer, printer, distributor });
    const [parcel] = await t.database.db.select({ id: distributorParcels.id }).from(distributorParcels).where(eq(distributorParcels.promotion_id, d.promotionId));
    const body = { parcel_id: parcel!.id, receipt_status: 'problem', receipt_note: 'Plakaten er revet' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.form('POST', '/company_api/parcel-receipt', body, d.station)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().message_key === 'receipt_saved')).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'distributor_parcels'), eq(auditLog.entity_id, parcel!.id)));
    expect(audits.map((a) => a.action)).toEqual(['confirm_parcel_receipt']);
    const told = await t.database.db.select({ user_id: notifications.user_id }).from(notifications).where(and(eq(notifications.promotion_id, d.promotionId), eq(notifications.kind, 'receipt_problem')));
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((n) => n.user_id)).size).toBe(told.length);
  });
});
