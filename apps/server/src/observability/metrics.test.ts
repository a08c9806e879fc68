import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freePort } from '../test/free-port';
import { connect, listen } from '../test/sockets';
import { createTestApp, type TestApp } from '../test/test-app';
import { parsePrometheusText, samplesOf, valueOf, type Scrape } from './parse-prometheus';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics (decision 034)', () => {
  let t: TestApp;
  let noToken: TestApp;
  let admin: string;

  const scrape = async (target = t): Promise<Scrape> => {
    const res = await target.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return parsePrometheusText(res.body);
  };
  const apiCalls = (s: Scrape, route: string) => valueOf(s, 'http_request_duration_seconds_count', { route, method: 'GET', status_class: '2xx' }) ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    noToken = await createTestApp({}, { database: t.database });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await noToken?.close();
    await t?.close();
  });

  it('is 404 without the token, with a wrong one, and when no token is configured', async () => {
    const notFound = { status: 'error', message: 'Not found', message_key: 'not_found' };
    for (const [target, authorization] of [
      [t, undefined],
      [t, `Bearer ${TOKEN}x`],
      [t, `Bearer ${TOKEN.slice(0, -1)}`],
      [t, TOKEN],
      [t, admin],
      [noToken, `Bearer ${TOKEN}`],
      [noToken, undefined],
    ] as const) {
      const res = await target.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect([res.statusCode, res.json()], String(authorization)).toEqual([404, notFound]);
    }
  });

  it('answers Prometheus text whose request counters move after API calls, labelled by route template', async () => {
    const [promotion] = (await t.database.db.execute<{ id: number }>(sql`select id from promotions order by id limit 1`)).rows;
    const url = `/api/promotions/${promotion!.id}`;
    const before = await scrape();
    for (const family of ['http_request_duration_seconds', 'http_requests_in_flight', 'db_pool_connections_total', 'socketio_connections', 'promo_mail_queue_waiting', 'promo_mail_failed_total', 'promo_push_queue_waiting', 'promo_push_queue_failed', 'promo_import_jobs', 'promo_digest_runs', 'promo_preflight_queue_pending', 'process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes']) {
      expect(before.types.has(family), family).toBe(true);
    }
    expect(before.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(before.types.get('promo_mail_failed_total')).toBe('counter');
    expect(samplesOf(before, 'promo_import_jobs').map((s) => s.labels.status).sort()).toEqual(['done', 'failed', 'queued', 'running']);
    expect(valueOf(before, 'db_pool_connections_total', { driver: t.database.kind === 'postgres' ? 'pg' : 'pglite' })).toBeGreaterThanOrEqual(1);

    for (let i = 0; i < 3; i++) expect((await t.form('GET', url, undefined, admin)).statusCode).toBe(200);
    expect((await t.form('GET', '/api/no-such-thing', undefined, admin)).statusCode).toBe(404);
    const after = await scrape();
    expect(apiCalls(after, '/api/promotions/:id') - apiCalls(before, '/api/promotions/:id')).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    // Every request of a bucket series is also in its +Inf bucket, and the earlier scrape is counted too.
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { route: '/api/promotions/:id', method: 'GET', status_class: '2xx', le: '+Inf' })).toBe(apiCalls(after, '/api/promotions/:id'));
    expect(apiCalls(after, '/metrics')).toBeGreaterThanOrEqual(1);
    // Never the raw URL: the number of series stays bounded.
    expect(after.samples.filter((s) => /\/\d/.test(s.labels.route ?? ''))).toEqual([]);
    // This request is the one in flight.
    expect(valueOf(after, 'http_requests_in_flight')).toBe(1);
  });

  it('reports the queues from the database', async () => {
    const before = await scrape();
    await t.database.db.execute(sql`insert into digest_runs (day, finished_at, sent) values ('1999-01-01', now(), 7)`);
    try {
      const after = await scrape();
      expect(valueOf(after, 'promo_digest_runs')! - valueOf(before, 'promo_digest_runs')!).toBe(1);
    } finally {
      await t.database.db.execute(sql`delete from digest_runs where day = '1999-01-01'`);
    }
  });

  it('counts open Socket.IO connections, over WebSocket and over long-polling', async () => {
    const url = await listen(t.app);
    const counted = async (n: number, what: string) => {
      for (let until = Date.now() + 5000; valueOf(await scrape(), 'socketio_connections') !== n; await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() > until) throw new Error(`${what}: ${valueOf(await scrape(), 'socketio_connections')} counted, not ${n}`);
      }
    };
    const socket = await connect(url, admin);
    await counted(1, 'one WebSocket client');
    // A client behind a proxy that refuses the upgrade stays on long-polling: counted too.
    const polling = await connect(url, admin, ['polling']);
    expect(polling.io.engine.transport.name).toBe('polling');
    await counted(2, `a WebSocket client (${socket.connected ? 'connected' : 'disconnected'}) and a long-polling one`);
    for (const s of [socket, polling]) {
      const closed = new Promise((r) => s.io.engine.once('close', r));
      s.disconnect();
      await closed;
    }
    await counted(0, 'both closed');
  });

  it('answers on METRICS_PORT without a token, and only /metrics there', async () => {
    const port = await freePort();
    const own = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' }, { database: t.database });
    try {
      await own.app.ready();
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const s = parsePrometheusText(await res.text());
      expect(s.types.get('http_request_duration_seconds')).toBe('histogram');
      expect((await fetch(`http://127.0.0.1:${port}/api/promotions`)).status).toBe(404);
      // The users' port still wants the token, which is not configured here.
      expect((await own.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('promo_mail_failed_total', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An SMTP address where nothing listens: every delivery fails.
    t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true&connectionTimeout=2000` });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts each failed delivery once, also of mail sent directly (the digest's, a lockout's)", async () => {
    const failed = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      return valueOf(parsePrometheusText(res.body), 'promo_mail_failed_total', {}) ?? 0;
    };
    // The notifications' first run (it fails too) is over; the next comes a minute later.
    await t.app.mailer.flush();
    const before = await failed();
    await expect(t.app.mailer.send({ to: 'admin@demo.no', subject: 'Test', text: 'Test' })).rejects.toThrow();
    await expect(t.app.mailer.send({ to: 'cm@demo.no', subject: 'Test', text: 'Test' })).rejects.toThrow();
    expect(await failed()).toBe(before + 2);
    // Read twice, counted once.
    expect(await failed()).toBe(before + 2);
  });
});
