import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotionSurfaceDesigns, promotionSurfaces } from '../db/schema';
import { buildPromotion, catalogueDesign, newSurface, userIdByEmail } from './print-flow-fixture';
import { createTestApp, type TestApp } from './test-app';

/*
 * A surface or design added while the promotion is being sent to the printers (issue 33, found by
 * the survey of decision 041): the add checked "not sent yet" without waiting for the send, so it
 * went in after the send had frozen the report. It must wait for the send and then be refused.
 * Needs PostgreSQL: PGlite has one connection, so nothing overlaps there.
 */
describe.skipIf(!inject('testDatabaseUrl'))('a change to a promotion while it is being sent (needs PostgreSQL)', () => {
  let t: TestApp;
  let cm: string;
  let printerId: number;
  let admin: string;
  let sender: pg.Client;
  let senderPid: number;
  beforeAll(async () => {
    t = await createTestApp();
    [cm, admin] = [await t.login('cm'), await t.login('admin')];
    printerId = await userIdByEmail(t, 'printer@demo.no');
    sender = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
    await sender.connect();
    senderPid = Number((await sender.query('select pg_backend_pid() as pid')).rows[0].pid);
  }, 120_000);
  afterAll(async () => {
    await sender?.end();
    await t?.close();
  });

  /** Whether a backend waits for the send's locks: the change has reached the promotion and waits. */
  const someoneWaits = async () => Number((await sender.query('select count(*) as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [senderPid])).rows[0].n) > 0;

  /**
   * Holds a send open (the promotion locked as sendToPrinters locks it, its report written), runs
   * `change` meanwhile, and commits the send only once the change waits for it. A change that
   * answers while the send is open did not wait.
   */
  async function duringSend(promotionId: number, change: () => Promise<{ statusCode: number; body: string }>) {
    await sender.query('begin');
    try {
      await sender.query('select id from promotions where id = $1 for no key update', [promotionId]);
      await sender.query(`insert into print_reports (promotion_id, percent, description_cm) values ($1, 10, '')`, [promotionId]);
      let answered = false;
      const answer = change().finally(() => (answered = true));
      const deadline = Date.now() + 15_000;
      while (!answered && !(await someoneWaits())) {
        if (Date.now() > deadline) throw new Error('the change neither answered nor waited');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(answered, 'the change answered while the send was still open').toBe(false);
      await sender.query('commit');
      return await answer;
    } finally {
      await sender.query('rollback').catch(() => undefined);
    }
  }

  it('a design added meanwhile waits for the send and is refused; nothing is added', async () => {
    const surface = await newSurface(t, admin, { printerId });
    const promotion = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
    const design_id = await catalogueDesign(t, 'Fuel');
    const res = await duringSend(promotion.id, () => t.form('POST', '/api/promotion-surface-design', { promotion_id: promotion.id, surface_id: surface, design_id }, cm));
    expect(res.statusCode, res.body).toBe(409);
    expect(JSON.parse(res.body).message_key).toBe('already_sent_to_printers');
    expect(await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, promotion.id))).toHaveLength(1);
  });

  it('a surface added meanwhile waits for the send and is refused; nothing is added', async () => {
    const [surface, other] = [await newSurface(t, admin, { printerId }), await newSurface(t, admin, { printerId })];
    const promotion = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
    const res = await duringSend(promotion.id, () => t.form('POST', '/api/promotion-surfaces', { promotion_id: promotion.id, surface_id: other }, cm));
    expect(res.statusCode, res.body).toBe(409);
    expect(await t.database.db.select().from(promotionSurfaces).where(eq(promotionSurfaces.promotion_id, promotion.id))).toHaveLength(1);
  });
});
