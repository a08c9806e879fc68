import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotionSurfaceDesigns } from '../../db/schema';
import { addDesign, designFixture, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { pinned, sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
}, 180_000);
afterAll(() => t?.close());

const setStatus = (id: number, status: 'resolved' | 'open') => t.form('POST', `/api/design-chat/pins/${id}/status`, { status }, cm).then((r) => expect(r.statusCode).toBe(200));

async function editorCounts(d: DesignFixture): Promise<Record<number, number>> {
  const res = await t.form('GET', '/api/promotion-surface-design', { promotion_id: d.promotionId }, cm);
  expect(res.statusCode, res.body).toBe(200);
  const designs = (res.json().data.surfaces as { designs: { id: number; open_pins: number }[] }[]).flatMap((s) => s.designs);
  return Object.fromEntries(designs.map((x) => [x.id, x.open_pins]));
}
async function pageCount(d: DesignFixture): Promise<number> {
  const res = await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, designer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.open_pins;
}

/** A design in Approved with an HQ image replaced once: one open pin on each version, one resolved. */
async function reviewed() {
  const d = await designFixture(t, admin, { status: 'Approved' });
  const v1 = await sendFile(t, d, designer, 'hq1.png', await pngImage(), 'HQ');
  const old = await pinned(t, d, { message_id: v1.message_id, x: 0.2, y: 0.2 }, cm);
  const v2 = await sendFile(t, d, designer, 'hq2.png', await pngImage(), 'HQ');
  await pinned(t, d, { message_id: v2.message_id, x: 0.3, y: 0.3 }, cm);
  const done = await pinned(t, d, { message_id: v2.message_id, x: 0.4, y: 0.4 }, cm);
  await setStatus(done.id, 'resolved');
  return { d, old };
}

describe('open pins count', () => {
  it('shows on the surfaces editor and the design page, counting every version, following resolve and reopen', async () => {
    const { d, old } = await reviewed();
    const other = await addDesign(t, admin, d);
    expect(await editorCounts(d)).toEqual({ [d.psdId]: 2, [other.psdId]: 0 });
    expect(await pageCount(d)).toBe(2);
    await setStatus(old.id, 'resolved');
    expect(await editorCounts(d)).toEqual({ [d.psdId]: 1, [other.psdId]: 0 });
    expect(await pageCount(d)).toBe(1);
    await setStatus(old.id, 'open');
    expect(await pageCount(d)).toBe(2);
  });
});

describe('marking a design Completed', () => {
  const put = (d: DesignFixture, body: object) => t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, body, cm);
  const stored = async (d: DesignFixture) => (await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, d.psdId)))[0]!;

  it('with open pins is refused with their count, changing nothing, unless confirmed', async () => {
    const { d } = await reviewed();
    const before = await stored(d);
    for (const body of [{ status: 'Completed' }, { status: 'Completed', title: 'Ny tittel', confirm_open_pins: 'false' }]) {
      const res = await put(d, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 'error', message: 'The design has open pins', message_key: 'open_pins', message_params: { count: 2 }, errors: { status: ['open_pins'] } });
    }
    expect(await stored(d)).toEqual(before);
    // Other changes need no confirmation, and a confirmation alone is nothing to change.
    expect((await put(d, { status: 'Correction', confirm_open_pins: 'true' })).statusCode).toBe(200);
    expect((await put(d, { confirm_open_pins: 'true' })).json().errors).toEqual({ title: ['nothing_to_change'] });

    const confirmed = await put(d, { status: 'Completed', confirm_open_pins: 'true' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await stored(d)).status).toBe('Completed');
  });

  it('without open pins needs no confirmation', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const sketch = await sendFile(t, d, designer, 's.png', await pngImage(), 'Sketch');
    const pin = await pinned(t, d, { message_id: sketch.message_id, x: 0.5, y: 0.5 }, cm);
    await setStatus(pin.id, 'resolved');
    expect((await put(d, { status: 'Completed' })).statusCode).toBe(200);
    expect((await stored(d)).status).toBe('Completed');
  });
});
