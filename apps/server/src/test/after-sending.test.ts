import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, catalogueDesign, newStation, newSurface, reportView, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';

let t: TestApp;
let admin: string;
let cm: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm] = await Promise.all([t.login('admin'), t.login('cm')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

/** A promotion of one Fuel design on one surface that a new station plans 4 of, sent to printers. */
async function sentPromotion() {
  const surface = await newSurface(t, admin, { printerId });
  const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
  await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 4 }]);
  const promotion = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
  expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  return { surface, station, promotion, psd: promotion.pairs[0]!.psdId };
}

const cellOf = async (promotionId: number, stationId: number, psdId: number) => {
  const data = (await reportView(t, admin, promotionId)).json().data;
  return data.user_obj.find((r: { id: number }) => r.id === stationId)?.surfaces.find((c: { id: number }) => c.id === psdId)?.amount;
};

describe('after sending to printers', () => {
  it('the report keeps the amounts of the moment it was sent', async () => {
    const { surface, station, promotion, psd } = await sentPromotion();
    expect(await cellOf(promotion.id, station.id, psd)).toBe(4);
    await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 9 }]);
    expect(await cellOf(promotion.id, station.id, psd)).toBe(4);
    // A station that starts planning afterwards is not in it either.
    const late = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
    await setAmounts(t, [{ stationId: late.id, surfaceId: surface, amount: 2 }]);
    expect(await cellOf(promotion.id, late.id, psd)).toBeUndefined();
  });

  it('refuses changing its surfaces, designs and design statuses', async () => {
    const { surface, promotion, psd } = await sentPromotion();
    const status = await t.form('PUT', `/api/promotion-surface-design/${psd}`, { status: 'Correction' }, cm);
    expect(status.statusCode).toBe(409);
    expect(status.json().message_key).toBe('already_sent_to_printers');
    // Brief texts may still be corrected.
    expect((await t.form('PUT', `/api/promotion-surface-design/${psd}`, { title: 'Rettet tittel' }, cm)).statusCode).toBe(200);
    const design_id = await catalogueDesign(t, 'Fuel');
    expect((await t.form('POST', '/api/promotion-surface-design', { promotion_id: promotion.id, surface_id: surface, design_id }, cm)).statusCode).toBe(409);
    expect((await t.form('DELETE', `/api/promotion-surface-design/${psd}`, undefined, admin)).statusCode).toBe(409);
    expect((await t.form('DELETE', `/api/promotion-surfaces/${promotion.id}/${surface}`, undefined, admin)).statusCode).toBe(409);
    const other = await newSurface(t, admin, { printerId });
    expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotion.id, surface_id: other }, cm)).statusCode).toBe(409);
    // Sent with every design Completed, it reads Designer completed however it began (never notified: Draft).
    const page = await t.form('GET', `/api/promotions/${promotion.id}`, undefined, admin);
    expect(page.json().data.promotion.status).toBe(2);
  });
});
