import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DESIGN_STATUS_EVENT, NOTIFICATION_EVENT, type DesignStatusEventPayload, type NotificationEventPayload } from '@promo/shared';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { designFixture, newPromotion, userId } from '../test/design-fixture';
import { disconnectAll, listen, next, participant, processOnRedis, record } from '../test/sockets';
import { createTestApp, formRequest, type TestApp } from '../test/test-app';

// Issue 12: a status set by the cm did not reach the designer's open design page, and the bell
// polled while chat and feedback were live. Both now go over the user's channel, across processes.

let t: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
const tokens = {} as Record<'admin' | 'designer' | 'cm' | 'cm2' | 'printer', string>;
const ids = {} as Record<keyof typeof tokens, number>;
beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await Promise.all([processOnRedis(t), processOnRedis(t)]);
  [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
  [tokens.admin, tokens.designer, tokens.cm, tokens.cm2, tokens.printer] = await Promise.all([
    t.login('admin'),
    t.login('designer'),
    t.login('cm'),
    t.loginAs('cm2@demo.no', DEMO_PASSWORD),
    t.login('printer'),
  ]);
  for (const k of Object.keys(tokens) as (keyof typeof tokens)[]) ids[k] = await userId(t, tokens[k]);
}, 180_000);
afterAll(async () => {
  disconnectAll();
  await Promise.all([a?.close(), b?.close()]);
  await t?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('a design status change', () => {
  it('reaches everyone who may see the design, on the other process, and nobody else', async () => {
    const d = await designFixture(t, tokens.admin, { category: 'Fuel', status: 'Brief' });
    const [designer, admin, outsider, printer] = await Promise.all([
      participant(urlB, tokens.designer, ids.designer),
      participant(urlA, tokens.admin, ids.admin),
      participant(urlB, tokens.cm2, ids.cm2),
      participant(urlB, tokens.printer, ids.printer),
    ]);
    const unseen = [record(outsider), record(printer)];
    const match = (p: DesignStatusEventPayload) => p.promotion_surface_design_id === d.psdId;
    const arrivals = [designer, admin].map((s) => next<DesignStatusEventPayload>(s, DESIGN_STATUS_EVENT, match));

    const res = await formRequest(a, 'PUT', `/api/promotion-surface-design/${d.psdId}`, { status: 'Correction' }, tokens.cm);
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, tokens.designer);
    for (const payload of await Promise.all(arrivals)) {
      expect(payload).toEqual({ promotion_surface_design_id: d.psdId, promotion_id: d.promotionId, status: 'Correction', updated_at: page.json().data.updated_at });
    }
    await settle();
    for (const seen of unseen) expect(seen).toEqual([]);
  });

  it('is not sent when the status stays, nor for a refused change', async () => {
    const d = await designFixture(t, tokens.admin, { category: 'Fuel', status: 'Brief' });
    const designer = await participant(urlB, tokens.designer, ids.designer);
    const seen = record(designer);
    expect((await formRequest(a, 'PUT', `/api/promotion-surface-design/${d.psdId}`, { status: 'Brief', title: 'Ny tittel' }, tokens.cm)).statusCode).toBe(200);
    // cm2 does not manage Fuel: refused, and nothing goes out.
    expect((await formRequest(a, 'PUT', `/api/promotion-surface-design/${d.psdId}`, { status: 'Approved' }, tokens.cm2)).statusCode).toBe(403);
    await settle();
    expect(seen.filter((e) => (e.event as string) === DESIGN_STATUS_EVENT)).toEqual([]);
  });
});

describe('a new notification', () => {
  it("is pushed to its recipient's channel on the other process, and to nobody else", async () => {
    const { promotionId } = await newPromotion(t, tokens.admin);
    // The system settings name admin@demo.no as the admin to notify.
    const [recipient, caller, designer] = await Promise.all([
      participant(urlB, tokens.admin, ids.admin),
      participant(urlB, tokens.cm, ids.cm),
      participant(urlA, tokens.designer, ids.designer),
    ]);
    const unseen = [record(caller), record(designer)];
    const arrived = next<NotificationEventPayload>(recipient, NOTIFICATION_EVENT, (p) => p.promotion_id === promotionId);

    const res = await formRequest(a, 'POST', '/api/promotions/notify-admin-about-promotion', { promotion_id: promotionId }, tokens.cm);
    expect(res.statusCode, res.body).toBe(200);
    const pushed = await arrived;
    const listed = (await t.form('GET', '/api/notifications', undefined, tokens.admin)).json().data.notifications;
    expect(pushed).toEqual(listed.find((n: { id: number }) => n.id === pushed.id));
    expect(pushed).toMatchObject({ kind: 'notify_admin', promotion_id: promotionId, read: false });
    await settle();
    for (const seen of unseen) expect(seen).toEqual([]);
  });
});
