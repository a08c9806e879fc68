import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_PLACEMENT_PHOTOS_PER_SURFACE } from '@promo/shared';
import { files, placementPhotos } from '../../db/schema';
import { uploadFile } from '../../test/design-fixture';
import { deliveredSurface, type DeliveredSurface } from '../../test/delivered-surface-fixture';
import { pngImage } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 33: a surface takes at most MAX_PLACEMENT_PHOTOS_PER_SURFACE photos of a station, also when they arrive at once. */

let t: TestApp;
let tokens: { admin: string; cm: string; designer: string; printer: string; distributor: string };
beforeAll(async () => {
  t = await createTestApp();
  const [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
  tokens = { admin, cm, designer, printer, distributor };
});
afterAll(() => t.close());

const uploads = async (d: DeliveredSurface, n: number) => {
  const png = await pngImage(60, 40);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await uploadFile(t, d.station, `oppe-${i}.png`, png, 'image'));
  return ids;
};
const add = (d: DeliveredSurface, fileId: number) =>
  t.form('POST', '/company_api/placement-photos', { promotion_id: d.promotionId, surface_id: d.surfaceId, file_id: fileId }, d.station);
const stored = async (d: DeliveredSurface) =>
  t.database.db
    .select()
    .from(placementPhotos)
    .where(and(eq(placementPhotos.promotion_id, d.promotionId), eq(placementPhotos.station_id, d.stationId), eq(placementPhotos.surface_id, d.surfaceId)));
const unclaimed = async (fileId: number) => (await t.database.db.select({ owner: files.owner_table }).from(files).where(eq(files.id, fileId)))[0]?.owner === null;

const LIMIT = MAX_PLACEMENT_PHOTOS_PER_SURFACE;

function expectLimit(res: Awaited<ReturnType<typeof add>>) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ message_key: 'too_many_photos', errors: { file_id: ['too_many_photos'] }, message_params: { max: LIMIT } });
}

describe('placement photos of one surface', () => {
  it(`keeps ${LIMIT}; the next is refused with the limit and its upload stays the station's; deleting one makes room`, async () => {
    const d = await deliveredSurface(t, tokens);
    const ids = await uploads(d, LIMIT + 1);
    for (const id of ids.slice(0, LIMIT)) expect((await add(d, id)).statusCode).toBe(201);
    const over = await add(d, ids[LIMIT]!);
    expectLimit(over);
    expect(await stored(d)).toHaveLength(LIMIT);
    expect(await unclaimed(ids[LIMIT]!)).toBe(true);

    const [first] = await stored(d);
    expect((await t.form('DELETE', `/company_api/placement-photos/${first!.id}`, undefined, d.station)).statusCode).toBe(200);
    expect((await add(d, ids[LIMIT]!)).statusCode).toBe(201);
    expect(await stored(d)).toHaveLength(LIMIT);
  });
});

describe.skipIf(!inject('testDatabaseUrl'))('placement photos sent at once (needs PostgreSQL)', () => {
  it(`20 photos of one surface at once: exactly ${LIMIT} are stored, the others get the limit's 422`, async () => {
    const d = await deliveredSurface(t, tokens);
    const ids = await uploads(d, 20);
    const answers = await Promise.all(ids.map((id) => add(d, id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) expectLimit(refused);
    expect(await stored(d)).toHaveLength(LIMIT);

    // Deletes and adds at once, each refreshing the promotion's read model: no 500, never past the limit.
    const more = await uploads(d, 10);
    const gone = (await stored(d)).slice(0, 5);
    const mixed = await Promise.all([
      ...gone.map((p) => t.form('DELETE', `/company_api/placement-photos/${p.id}`, undefined, d.station)),
      ...more.map((id) => add(d, id)),
    ]);
    for (const res of mixed.slice(0, 5)) expect(res.statusCode, res.body).toBe(200);
    const added = mixed.slice(5);
    for (const res of added.filter((a) => a.statusCode !== 201)) expectLimit(res);
    const now = (await stored(d)).length;
    expect(now).toBeLessThanOrEqual(LIMIT);
    expect(now).toBe(LIMIT - 5 + added.filter((a) => a.statusCode === 201).length);
  });
});
