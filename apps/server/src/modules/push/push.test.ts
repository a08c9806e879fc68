import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, pushMessages, pushSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startPushService, type PushService } from '../../test/push-service';
import { queuePush } from './outbox';

let svc: PushService;
let t: TestApp;
let station: string;
let designer: string;
const made: number[] = [];

beforeAll(async () => {
  svc = await startPushService();
  // A database of its own: another file's app would claim these pushes and refuse this file's stand-in origin.
  t = await createTestApp({ PUSH_ALLOWED_ORIGINS: `${svc.origin}, https://allowed.invalid` }, { ownDatabase: true });
  [station, designer] = await Promise.all([t.login('user'), t.login('designer')]);
});
afterAll(async () => {
  if (made.length) await t.database.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, made));
  await t.close();
  await svc.close();
});

type Body = { endpoint: string; keys: { p256dh: string; auth: string }; language?: string };
async function subscribe(token: string, body: Body) {
  const res = await t.form('POST', '/api/push/subscriptions', body, token);
  if (res.statusCode === 200) made.push(res.json().data.id);
  return res;
}
async function device(token: string, name: string, opts: { language?: 'no' | 'en'; status?: number; delayMs?: number } = {}) {
  const res = await subscribe(token, { ...svc.device(name, opts), language: opts.language ?? 'no' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const rowsOf = (id: number) => t.database.db.select().from(pushMessages).where(eq(pushMessages.subscription_id, id));
const subscriptionRow = async (id: number) => (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('push subscriptions', () => {
  it('gives every role the same VAPID public key, an uncompressed P-256 point', async () => {
    const [a, b] = await Promise.all([t.form('GET', '/api/push/vapid-public-key', undefined, station), t.form('GET', '/api/push/vapid-public-key', undefined, designer)]);
    expect(a.statusCode).toBe(200);
    const key = a.json().data.public_key as string;
    expect(b.json().data.public_key).toBe(key);
    const raw = Buffer.from(key, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
  });

  it('stores the device, lists it, and updates it when the same endpoint comes again', async () => {
    const body = svc.device('same');
    const first = await subscribe(designer, { ...body, language: 'no' });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id as number;
    const again = await subscribe(designer, { ...body, keys: svc.device('same').keys, language: 'en' });
    expect(again.json().data).toMatchObject({ id, language: 'en', enabled: true, service: new URL(svc.origin).host });
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint))).toHaveLength(1);
    const list = (await t.form('GET', '/api/push/subscriptions', undefined, designer)).json().data.devices as { id: number; language: string }[];
    expect(list.find((d) => d.id === id)).toMatchObject({ language: 'en' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'push_subscriptions'), eq(auditLog.entity_id, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create_push_subscription', 'update_push_subscription']);
    expect(JSON.stringify(audit)).not.toContain(body.keys.auth);
  });

  it('refuses endpoints that are not public https addresses, and stores nothing', async () => {
    const { keys } = svc.device('refused');
    const refused = [
      'http://push.example.com/x',
      'https://127.0.0.1:1/x', // the loopback, not an allowed origin
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.1.1/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::]/x',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://0x7f.1/x', // 127.0.0.1 written otherwise
      'https://localhost/x', // resolved: 127.0.0.1
      'https://push.localhost/x',
      'https://user:pw@push.example.com/x',
      'not a url',
    ];
    const before = (await t.database.db.select().from(pushSubscriptions)).length;
    for (const endpoint of refused) {
      const res = await subscribe(station, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.endpoint, endpoint).toEqual([expect.stringMatching(/^push_endpoint_(https|not_public|invalid|unresolvable)$/)]);
    }
    expect((await t.database.db.select().from(pushSubscriptions)).length).toBe(before);
    const badKey = await subscribe(station, { endpoint: `${svc.origin}/push/refused`, keys: { ...keys, p256dh: keys.auth } });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors).toEqual({ 'keys.p256dh': ['push_key_invalid'] });
  });

  it('lets only the owner list, switch, test and remove a device; a refusal changes nothing', async () => {
    const id = await device(station, 'owned');
    const other = (await t.form('GET', '/api/push/subscriptions', undefined, designer)).json().data.devices as { id: number }[];
    expect(other.map((d) => d.id)).not.toContain(id);
    expect((await t.form('PUT', `/api/push/subscriptions/${id}`, { enabled: false }, designer)).statusCode).toBe(404);
    expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, designer)).statusCode).toBe(404);
    expect((await t.form('DELETE', `/api/push/subscriptions/${id}`, undefined, designer)).statusCode).toBe(404);
    expect(await subscriptionRow(id)).toMatchObject({ enabled: true });
    expect(await rowsOf(id)).toEqual([]);

    const off = await t.form('PUT', `/api/push/subscriptions/${id}`, { enabled: false }, station);
    expect(off.json().data).toMatchObject({ id, enabled: false });
    expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, station)).statusCode).toBe(409);
    const stationId = (await subscriptionRow(id))!.user_id;
    await queuePush(t.database.db, [stationId], { kind: 'test', facts: {}, link: '/' });
    expect(await rowsOf(id)).toEqual([]);

    expect((await t.form('DELETE', `/api/push/subscriptions/${id}`, undefined, station)).statusCode).toBe(200);
    expect(await subscriptionRow(id)).toBeUndefined();
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'push_subscriptions'), eq(auditLog.entity_id, id))).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['create_push_subscription', stationId],
      ['set_push_enabled', stationId],
      ['delete_push_subscription', stationId],
    ]);
  });
});

describe('sending', () => {
  it("sends a VAPID-signed, encrypted test push in the device's language", async () => {
    const en = await device(designer, 'english', { language: 'en' });
    const no = await device(designer, 'norsk', { language: 'no' });
    const key = (await t.form('GET', '/api/push/vapid-public-key', undefined, designer)).json().data.public_key;
    for (const id of [en, no]) expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, designer)).statusCode).toBe(200);
    const [english] = await svc.waitFor('english');
    const [norsk] = await svc.waitFor('norsk');
    expect(english).toMatchObject({ vapidKey: key, ttl: '86400', payload: { title: 'Test notification', body: 'Notifications work on this device.', link: '/', tag: 'test:/' } });
    expect(norsk!.payload).toMatchObject({ title: 'Testvarsel', body: 'Varsler fungerer på denne enheten.' });
    expect(svc.faults).toEqual([]);
    const [row] = await until(() => rowsOf(en), (r) => !!r[0]?.sent_at);
    expect(row).toMatchObject({ attempts: 1, claimed_until: null, last_error: '' });
    expect((await subscriptionRow(en))!.last_sent_at).not.toBeNull();
  });

  it('answers at once while a slow push service takes seconds', async () => {
    const id = await device(designer, 'slow', { delayMs: 2500 });
    const started = Date.now();
    const res = await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, designer);
    const answeredIn = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(answeredIn).toBeLessThan(1000);
    const [row] = await until(() => rowsOf(id), (r) => !!r[0]?.sent_at);
    expect(row!.sent_at).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  });

  it('forgets a device its push service no longer knows (410), with its messages', async () => {
    const id = await device(station, 'gone', { status: 410 });
    expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, station)).statusCode).toBe(200);
    await svc.waitFor('gone');
    expect(await until(() => subscriptionRow(id), (r) => r === undefined)).toBeUndefined();
    expect(await rowsOf(id)).toEqual([]);
  });

  it('retries a failure later, and gives up after the last attempt', async () => {
    const id = await device(station, 'failing', { status: 500 });
    expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, station)).statusCode).toBe(200);
    const [first] = await until(() => rowsOf(id), (r) => r[0]?.last_error !== '' && r[0]?.claimed_until === null);
    expect(first).toMatchObject({ attempts: 1, sent_at: null });
    expect(first!.last_error).toContain('500');
    const wait = first!.next_attempt_at.getTime() - first!.updated_at.getTime();
    expect(wait).toBeGreaterThan(50_000);
    // Not due yet: a flush leaves it alone.
    await t.app.push.sender.flush();
    expect((await rowsOf(id))[0]!.attempts).toBe(1);
    // The last attempt comes due.
    await t.database.db.update(pushMessages).set({ attempts: 5, next_attempt_at: new Date(Date.now() - 1000) }).where(eq(pushMessages.subscription_id, id));
    await t.app.push.sender.flush();
    const [last] = await rowsOf(id);
    expect(last).toMatchObject({ attempts: 6, sent_at: null, claimed_until: null });
    await t.database.db.update(pushMessages).set({ next_attempt_at: new Date(Date.now() - 1000) }).where(eq(pushMessages.subscription_id, id));
    const hits = svc.received.filter((r) => r.device === 'failing').length;
    await t.app.push.sender.flush();
    expect(svc.received.filter((r) => r.device === 'failing').length).toBe(hits);
  });

  it('checks the address again before sending: a name that now resolves to the loopback is given up', async () => {
    const id = await device(station, 'rebound');
    // As if the name had resolved to a public address when it was stored.
    await t.database.db.update(pushSubscriptions).set({ endpoint: 'https://localhost:1/push/rebound' }).where(eq(pushSubscriptions.id, id));
    expect((await t.form('POST', `/api/push/subscriptions/${id}/test`, undefined, station)).statusCode).toBe(200);
    const [row] = await until(() => rowsOf(id), (r) => r[0]?.last_error !== '');
    expect(row).toMatchObject({ attempts: 6, sent_at: null, last_error: 'endpoint refused: push_endpoint_not_public' });
  });

  it('sends a message once although flushes overlap, and leaves a live claim alone', async () => {
    const id = await device(station, 'once');
    await queuePush(t.database.db, [(await subscriptionRow(id))!.user_id], { kind: 'test', facts: {}, link: '/once' });
    await Promise.all([t.app.push.sender.flush(), t.app.push.sender.flush(), t.app.push.sender.flush()]);
    await until(() => rowsOf(id), (r) => r.every((m) => m.sent_at));
    expect(svc.received.filter((r) => r.device === 'once')).toHaveLength(1);
    const [claimed] = await t.database.db
      .insert(pushMessages)
      .values({ subscription_id: id, kind: 'test', title: 'x', link: '/claimed', claimed_until: new Date(Date.now() + 60_000) })
      .returning();
    await t.app.push.sender.flush();
    expect((await t.database.db.select().from(pushMessages).where(eq(pushMessages.id, claimed!.id)))[0]).toMatchObject({ attempts: 0, sent_at: null });
  });
});
