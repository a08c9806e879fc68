import { eq } from 'drizzle-orm';
import { promotions } from '../db/schema';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';
import type { TestApp } from './test-app';

export interface DeliveredSurface {
  promotionId: number;
  surfaceId: number;
  stationId: number;
  /** The station's bearer header. */
  station: string;
}

/**
 * A new station of this test to which the distributor has sent one surface of a promotion it sees:
 * the state in which the station confirms receipt and photographs the surface (decision 019).
 */
export async function deliveredSurface(t: TestApp, tokens: { admin: string; cm: string; designer: string; printer: string; distributor: string }): Promise<DeliveredSurface> {
  const printerId = await userIdByEmail(t, 'printer@demo.no');
  const surfaceId = await newSurface(t, tokens.admin, { printerId, name: `Plassering ${Date.now()}` });
  const station = await newStation(t, tokens.admin, { group: 'DO+', categories: ['Fuel'] });
  await setAmounts(t, [{ stationId: station.id, surfaceId, amount: 2 }]);
  const promotion = await buildPromotion(t, { manager: tokens.cm, designer: tokens.designer }, { surfaces: [surfaceId], designs: [{ surface: surfaceId, category: 'Fuel' }], complete: true, hq: true });
  await t.database.db.update(promotions).set({ show_in_user_promotions: true }).where(eq(promotions.id, promotion.id));
  const sent = await sendToPrinters(t, tokens.cm, promotion.id, 0);
  if (sent.statusCode !== 200) throw new Error(`send to printers: ${sent.body}`);
  const pair = { surface_id: surfaceId, design_id: promotion.pairs[0]!.psdId };
  const printed = await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotion.id, printer_tracker_number: 'P1', sent_surfaces: [pair], description: '' }, tokens.printer);
  if (printed.statusCode !== 200) throw new Error(`printed: ${printed.body}`);
  const shipped = await t.form(
    'POST',
    '/api/promotion-distributor/set-distributor-tracker',
    { promotion_id: promotion.id, company_id: station.id, tracker_number: 'TRK-1', sent_surfaces: [pair], description: '' },
    tokens.distributor,
  );
  if (shipped.statusCode !== 200) throw new Error(`shipped: ${shipped.body}`);
  return { promotionId: promotion.id, surfaceId, stationId: station.id, station: await t.loginAs(station.email, 'Secret2026') };
}
