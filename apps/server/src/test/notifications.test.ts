import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, isNull, like } from 'drizzle-orm';
import qs from 'qs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { notifications } from '../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';

interface Mail {
  to: string[];
  subject: string;
  raw: string;
}

/** A local SMTP sink: no TLS, no authentication, every message kept. */
async function startSink() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      // A mailbox the server refuses for good.
      if (address.address.startsWith('refused.')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = chunks.map((c) => c.toString('utf8')).join('');
        const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n(?=[ \t])/g, '');
        const subject = head.match(/^Subject: (.*)$/im)?.[1] ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeWords(subject), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as nodemailer writes them. */
function decodeWords(text: string) {
  return text.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*(?==\?)?/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** A quoted-printable body as text. */
const decodeQp = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** A form request to another app instance, the way TestApp.form sends it. */
async function withApp(app: TestApp['app'], method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, body?: object, auth?: string) {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (body && (method === 'GET' || method === 'DELETE')) return app.inject({ method, url: `${url}?${qs.stringify(body)}`, headers });
  if (body) return app.inject({ method, url, payload: qs.stringify(body), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
  return app.inject({ method, url, headers });
}

let sink: Awaited<ReturnType<typeof startSink>>;
let mailing: TestApp;
let admin: string;
beforeAll(async () => {
  sink = await startSink();
  mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, PUBLIC_URL: 'https://kampanje.example.no' });
  admin = await mailing.login('admin');
  // What the demo data and earlier tests stored counts as mailed already: only this file's mails are waited for.
  await mailing.database.db.update(notifications).set({ mailed_at: new Date() }).where(isNull(notifications.mailed_at));
});
afterAll(async () => {
  await mailing.close();
  await sink.close();
});

async function waitFor<T>(find: () => T | undefined, app: TestApp, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('timed out waiting for the mail');
    await app.app.mailer.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A promotion of one surface printed by `printerId`, with one station that plans it; sent to the printers. */
async function sentPromotion(t: TestApp, token: string, printerId: number, name: string) {
  const surface = await newSurface(t, token, { printerId });
  const station = await newStation(t, token, { group: 'DO', categories: ['Fuel'] });
  await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 2 }]);
  const promotion = await buildPromotion(t, { manager: token }, { name, surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
  const res = await sendToPrinters(t, token, promotion.id);
  expect(res.statusCode, res.body).toBe(200);
  return promotion;
}

describe('notifications', () => {
  it('mails the printer when a promotion is sent to the printers', async () => {
    const name = `Sommerkampanje Ål ${Date.now()}`;
    const promotion = await sentPromotion(mailing, admin, await userIdByEmail(mailing, 'printer@demo.no'), name);
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes('printer@demo.no') && m.subject.includes(name)), mailing);
    expect(mail.subject).toContain('Promotion sent to printers');
    expect(decodeQp(mail.raw)).toContain(`https://kampanje.example.no/print-promotion-report?prom_id=${promotion.id}`);
    // Mailed once: flushing again sends nothing new for it.
    await mailing.app.mailer.flush();
    expect(sink.mails.filter((m) => m.subject.includes(name))).toHaveLength(1);
  });

  it('lists a user’s notifications with an unread count and marks them read', async () => {
    const email = uniqueEmail('printer');
    const created = await mailing.form('POST', '/api/users', { email, password: 'Secret2026', name: 'Eget Trykkeri', role: 'printer' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const printerId = created.json().data.id as number;
    const printer = await mailing.loginAs(email, 'Secret2026');
    const empty = (await mailing.form('GET', '/api/notifications', undefined, printer)).json().data;
    expect(empty).toEqual({ notifications: [], unread: 0 });

    const first = await sentPromotion(mailing, admin, printerId, `Varsel en ${Date.now()}`);
    const second = await sentPromotion(mailing, admin, printerId, `Varsel to ${Date.now()}`);
    const listed = (await mailing.form('GET', '/api/notifications', undefined, printer)).json().data;
    expect(listed.unread).toBe(2);
    expect(listed.notifications.map((n: { promotion_id: number }) => n.promotion_id)).toEqual([second.id, first.id]);
    expect(listed.notifications[0]).toMatchObject({ kind: 'sent_to_printers', promotion_name: second.name, read: false, link: `/print-promotion-report?prom_id=${second.id}` });
    await waitFor(() => sink.mails.find((m) => m.to.includes(email) && m.subject.includes(second.name)), mailing);

    // Someone else cannot mark them read.
    const other = await mailing.form('POST', '/api/notifications/read', { ids: [listed.notifications[0].id] }, await mailing.login('printer'));
    expect(other.statusCode).toBe(200);
    expect((await mailing.form('GET', '/api/notifications', undefined, printer)).json().data.unread).toBe(2);

    const one = await mailing.form('POST', '/api/notifications/read', { ids: [listed.notifications[0].id] }, printer);
    expect(one.statusCode, one.body).toBe(200);
    const after = (await mailing.form('GET', '/api/notifications', undefined, printer)).json().data;
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
    expect((await mailing.form('POST', '/api/notifications/read', { ids: '' }, printer)).statusCode).toBe(200);
    expect((await mailing.form('GET', '/api/notifications', undefined, printer)).json().data.unread).toBe(0);
    expect((await mailing.form('POST', '/api/notifications/read', { ids: ['x'] }, printer)).statusCode).toBe(422);
    expect((await mailing.form('GET', '/api/notifications')).statusCode).toBe(401);
    // Two whole print flows: 12 s alone, past 30 s on a machine running two suites at once.
  }, 90_000);

  it('works without SMTP_URL: nothing is mailed and nothing fails', async () => {
    // The same database, an app without SMTP_URL.
    const app = await buildApp({ config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', SMTP_URL: '' }), db: mailing.database.db, storage: mailing.storage });
    const quiet: TestApp = { ...mailing, app, form: (method, url, body, auth) => withApp(app, method, url, body, auth) };
    try {
      const token = await quiet.login('admin');
      const before = sink.mails.length;
      const name = `Uten e-post ${Date.now()}`;
      await sentPromotion(quiet, token, await userIdByEmail(quiet, 'printer@demo.no'), name);
      await app.mailer.flush();
      const listed = (await quiet.form('GET', '/api/notifications', undefined, await quiet.login('printer'))).json().data;
      expect(listed.notifications.some((n: { promotion_name: string }) => n.promotion_name === name)).toBe(true);
      expect(sink.mails.slice(before).some((m) => m.subject.includes(name))).toBe(false);
      // Kept for a mailer, not lost.
      expect(await mailing.database.db.select().from(notifications).where(and(isNull(notifications.mailed_at), like(notifications.title, `%${name}`)))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('a refused address does not hold back the mails after it', async () => {
    const email = `refused.${uniqueEmail('printer')}`;
    const created = await mailing.form('POST', '/api/users', { email, password: 'Secret2026', name: 'Stengt Trykkeri', role: 'printer' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const refusedName = `Avvist ${Date.now()}`;
    await sentPromotion(mailing, admin, created.json().data.id, refusedName);
    const name = `Etter avvist ${Date.now()}`;
    await sentPromotion(mailing, admin, await userIdByEmail(mailing, 'printer@demo.no'), name);
    await waitFor(() => sink.mails.find((m) => m.subject.includes(name)), mailing);
    expect(sink.mails.some((m) => m.subject.includes(refusedName))).toBe(false);
  });
});
