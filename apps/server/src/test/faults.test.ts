import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { openPostgres, type Database } from '../db/client';
import { users } from '../db/schema';
import { registerErrorHandler } from '../lib/error-handler';
import { hashPassword } from '../lib/passwords';
import { localDiskStorage } from '../lib/storage';
import { freePort } from './free-port';
import { startPgCluster, type PgCluster } from './pg-cluster';

// A PostgreSQL of this file's own (never the machine's shared one), stopped and started under the app.
let cluster: PgCluster;
let database: Database;
let app: FastifyInstance;
let filesDir: string;
const EMAIL = 'faults@example.no';
const PASSWORD = 'Fault-test-2026';

const appEnv = (extra: Record<string, string> = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: cluster.url, ...extra };
  if (!extra.REDIS_URL) delete env.REDIS_URL;
  return loadConfig(env);
};

beforeAll(async () => {
  cluster = await startPgCluster();
  database = openPostgres(cluster.url);
  await database.migrate();
  await database.db.insert(users).values({ email: EMAIL, password_hash: await hashPassword(PASSWORD), name: 'Fault', role: 'admin' });
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-faults-files-'));
  app = await buildApp({ config: appEnv(), db: database.db, storage: localDiskStorage(filesDir) });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await cluster?.destroy();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: qs.stringify({ email: EMAIL, password: PASSWORD }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const probe = (target: FastifyInstance, url: '/healthz' | '/readyz') => target.inject({ method: 'GET', url });
const locale = (lang: 'no' | 'en') => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/${lang}.json`), 'utf8'));

function expectUnavailable(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json();
  expect(body).toMatchObject({ status: 'error', message_key: 'service_unavailable' });
  expect(body.message).toBeTruthy();
}

describe('the database stopped under a running server', () => {
  it('answers 503 with Retry-After while it is down, and serves again once it is back, without a restart', async () => {
    const signIn = await login();
    expect(signIn.statusCode, signIn.body).toBe(200);
    const auth = `Bearer ${signIn.json().data.bearerToken}`;
    const categories = () => app.inject({ method: 'GET', url: '/api/categories', headers: { authorization: auth } });
    expect((await categories()).statusCode).toBe(200);

    await cluster.stop();
    try {
      expectUnavailable(await categories());
      // A sign-in is not refused as wrong credentials (401) while the database cannot tell.
      expectUnavailable(await login());
      for (const lang of ['no', 'en'] as const) expect(locale(lang).server.service_unavailable, lang).toBeTruthy();

      const ready = await probe(app, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['cache-control']).toBe('no-store');
      // Which dependency failed, and nothing else: no addresses, no driver messages.
      expect(ready.json()).toEqual({ status: 'error', checks: { database: 'failed' } });
      const health = await probe(app, '/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.headers['cache-control']).toBe('no-store');
    } finally {
      await cluster.start();
    }

    expect((await categories()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const ready = await probe(app, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'success', checks: { database: 'ok' } });
  });

  it('maps the driver errors of a lost database to 503 in the one error handler, and other database errors still to 500', async () => {
    // Real errors of the pg driver: a query cut off by the shutdown (57P01), a refused connection,
    // a pool wait that timed out; and an ordinary SQL error, which is no outage.
    const busy = new pg.Client({ connectionString: cluster.url });
    busy.on('error', () => {});
    await busy.connect();
    const cutOff = busy.query('select pg_sleep(30)').then(() => null, (e: Error) => e);
    const pool = new pg.Pool({ connectionString: cluster.url, max: 1, connectionTimeoutMillis: 200 });
    const held = await pool.connect();
    const poolTimeout = await pool.connect().then(() => null, (e: Error) => e);
    const sqlError = await held.query('select * from no_such_table').then(() => null, (e: Error) => e);
    held.release();
    await pool.end();

    await cluster.stop();
    let refused: Error | null;
    try {
      refused = await new pg.Client({ connectionString: cluster.url }).connect().then(() => null, (e: Error) => e);
    } finally {
      await cluster.start();
    }
    const thrown = { cutOff: await cutOff, refused, poolTimeout, sqlError };
    for (const [name, err] of Object.entries(thrown)) expect(err, name).toBeInstanceOf(Error);
    await busy.end().catch(() => {});

    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/:name', async (req) => {
      throw thrown[(req.params as { name: keyof typeof thrown }).name];
    });
    for (const name of ['cutOff', 'refused', 'poolTimeout'] as const) {
      const res = await bare.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode, `${name}: ${thrown[name]!.message}`).toBe(503);
      expect(res.headers['retry-after'], name).toBeTruthy();
    }
    expect((await bare.inject({ method: 'GET', url: '/sqlError' })).statusCode).toBe(500);
    await bare.close();
  });
});

describe('/readyz with REDIS_URL', () => {
  let redis: ChildProcess | undefined;
  afterAll(() => {
    if (redis?.exitCode === null) redis.kill('SIGKILL');
  });

  it('names Redis when it stops answering, while the process itself stays healthy', async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const spawnError = new Promise<Error>((resolve) => redis!.once('error', resolve));
    const up = (async () => {
      for (let i = 0; i < 100; i++) {
        const ok = await new Promise<boolean>((resolve) => {
          const socket = new net.Socket();
          socket.once('connect', () => (socket.destroy(), resolve(true)));
          socket.once('error', () => resolve(false));
          socket.connect(port, '127.0.0.1');
        });
        if (ok) return null;
        await new Promise((r) => setTimeout(r, 50));
      }
      return new Error('redis-server did not start listening');
    })();
    const failed = await Promise.race([spawnError, up]);
    if (failed) throw new Error(`Cannot start redis-server for the readiness test (install the redis-server package): ${failed.message}`);

    const withRedis = await buildApp({ config: appEnv({ REDIS_URL: `redis://127.0.0.1:${port}` }), db: database.db, storage: localDiskStorage(filesDir) });
    try {
      const ready = await probe(withRedis, '/readyz');
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ status: 'success', checks: { database: 'ok', redis: 'ok' } });

      redis.kill('SIGKILL');
      await new Promise((r) => (redis!.exitCode !== null ? r(null) : redis!.once('exit', r)));
      const down = await probe(withRedis, '/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'error', checks: { database: 'ok', redis: 'failed' } });
      expect((await probe(withRedis, '/healthz')).statusCode).toBe(200);
    } finally {
      await withRedis.close();
    }
  });
});
