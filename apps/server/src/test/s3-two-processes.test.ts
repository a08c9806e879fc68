import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import qs from 'qs';
import sharp from 'sharp';
import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { openPostgres, type Database } from '../db/client';
import { chats, files } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { freePort } from './free-port';
import { freshDatabase } from './fresh-database';
import { jpegImage } from './images';
import { startS3Peer, type S3Peer } from './s3rver';
import { TEST_REDIS_URL } from './sockets';

// Two real server processes, as on two hosts: one PostgreSQL database, one Redis, one bucket, and
// a DATA_DIR each that must stay empty of files.
interface Server {
  base: string;
  dataDir: string;
  process: ChildProcess;
}
let peer: S3Peer;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database | undefined;
const servers: Server[] = [];

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-s3-host-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...peer.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const server = { base: `http://127.0.0.1:${port}`, dataDir, process: child };
  servers.push(server);
  for (const until = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${server.base}/healthz`).then((r) => r.ok, () => false)) return server;
    if (Date.now() > until) throw new Error('the server did not start within 120 s');
  }
}

async function call(server: Server, method: string, url: string, auth: string, body?: object) {
  const query = method === 'GET' && body ? `?${qs.stringify(body)}` : '';
  const res = await fetch(`${server.base}${url}${query}`, {
    method,
    headers: { authorization: auth, ...(method === 'GET' || !body ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: method === 'GET' || !body ? undefined : qs.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

async function bytes(server: Server, url: string, auth: string) {
  const res = await fetch(`${server.base}${url}`, { headers: { authorization: auth } });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function upload(server: Server, auth: string, name: string, content: Buffer, kind = 'any') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${server.base}/api/files/upload?kind=${kind}`, { method: 'POST', headers: { authorization: auth }, body: form });
  expect(res.status, name).toBe(201);
  return ((await res.json()) as { data: { file_id: number } }).data.file_id;
}

const keysOf = async (where: SQL) =>
  (await database!.db.select({ key: files.storage_key }).from(files).where(where)).map((r) => r.key);

const filesUnder = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0);

describe.skipIf(!inject('testDatabaseUrl'))('two server processes on one S3 bucket (needs PostgreSQL and Redis)', () => {
  beforeAll(async () => {
    fresh = await freshDatabase('two_s3');
    peer = await startS3Peer();
    database = openPostgres(fresh!.url);
    // One after the other: the first migrates and seeds, the second finds it done.
    await startServer(fresh!.url);
    await startServer(fresh!.url);
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) {
      if (s.process.exitCode === null) {
        const exited = new Promise((r) => s.process.once('exit', r));
        s.process.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    await database?.close();
    await fresh?.drop();
    await peer?.stop();
  }, 60_000);

  it('are both ready, with the bucket among their checks', async () => {
    for (const s of servers) {
      const res = await fetch(`${s.base}/readyz`);
      expect(await res.json()).toEqual({ status: 'success', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
    }
  });

  it('serve each other\'s uploads, renditions and chat files, and delete them from the bucket', async () => {
    const [a, b] = servers as [Server, Server];
    const signIn = await call(a, 'POST', '/api/auth/login', '', { email: 'admin@demo.no', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    const auth = `Bearer ${signIn.json.data.bearerToken as string}`;
    const storage = peer.storage();

    // An image through A: uploaded, then set on a surface, which makes the renditions.
    const jpeg = await jpegImage(800, 600);
    const imageId = await upload(a, auth, 'plakat.jpg', jpeg, 'image');
    const surface = await call(a, 'POST', '/api/surfaces', auth, { vendor_code: '5150515051', name: 'Flate på to verter', price: '1' });
    expect(surface.status).toBe(201);
    const surfaceId = surface.json.data.id as number;
    const set = await call(a, 'POST', `/api/files/surfaces/${surfaceId}/set-image`, auth, { file_id: imageId, img_name: 'plakat.jpg', make_size: ['original', 'w_200'] });
    expect(set.status).toBe(200);
    const urls = set.json.data.url_images as { original: string; w_200: string };

    // Served by B from the bucket.
    expect((await bytes(b, urls.original, auth)).equals(jpeg)).toBe(true);
    const thumb = await bytes(b, urls.w_200, auth);
    expect(thumb.equals(await bytes(a, urls.w_200, auth))).toBe(true);
    expect((await sharp(thumb).metadata()).width).toBe(200);

    // A document sent to a chat through A, downloaded through B both ways.
    const [chat] = await database!.db.select({ id: chats.id }).from(chats).limit(1);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x41), Buffer.from('\n%%EOF\n')]);
    const docId = await upload(a, auth, 'tilbud.pdf', pdf);
    const sent = await call(a, 'POST', '/api/design-chat', auth, { chat_id: chat!.id, file_id: docId, text: 'Trykkfil' });
    expect(sent.status).toBe(201);
    const messageId = (sent.json.data.message as { message_id: number }).message_id;
    const where = { table_name: 'design_chats', table_id: chat!.id, message_id: messageId };
    expect((await bytes(b, `/api/files/download-stream?${qs.stringify(where)}`, auth)).equals(pdf)).toBe(true);
    const base64 = await call(b, 'GET', '/api/files/download-file', auth, where);
    expect(Buffer.from((base64.json as unknown as { file: string }).file, 'base64').equals(pdf)).toBe(true);

    // Deleted through B: the objects leave the bucket.
    const surfaceKeys = await keysOf(eq(files.owner_id, surfaceId));
    expect(surfaceKeys).toHaveLength(2);
    const [docKey] = await keysOf(eq(files.id, docId));
    for (const key of [...surfaceKeys, docKey!]) expect(await storage.exists(key), key).toBe(true);
    expect((await call(b, 'DELETE', `/api/surfaces/${surfaceId}`, auth)).status).toBe(200);
    expect((await call(b, 'GET', '/api/design-chat/delete-message', auth, { chat_id: chat!.id, message_id: messageId })).status).toBe(200);
    for (const key of [...surfaceKeys, docKey!]) expect(await storage.exists(key), key).toBe(false);
    expect((await fetch(`${b.base}${urls.w_200}`, { headers: { authorization: auth } })).status).toBe(404);

    // Nothing went to either host's disk.
    for (const s of servers) expect(filesUnder(path.join(s.dataDir, 'files')), s.dataDir).toBe(0);
  }, 120_000);
});
