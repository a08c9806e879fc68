import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { files, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { s3ClientFor, s3Storage } from '../lib/storage-s3';
import type { Storage } from '../lib/storage';
import { storeUpload, sweepUnclaimedUploads } from '../lib/uploads';
import { freePort } from './free-port';
import { freshDatabase } from './fresh-database';
import { startS3Peer, type S3Peer } from './s3rver';
import { formRequest, multipartBody } from './test-app';

const DAY = 24 * 3600_000;
const EMAIL = 's3-app@example.no';
const PASSWORD = 'Bucket-test-2026';
let peer: S3Peer;
let database: Database;
let drop = async () => {};
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  peer = await startS3Peer();
  // A database of its own: the sweep looks at every row, and must not take other files' uploads.
  const fresh = await freshDatabase('s3_app');
  database = fresh ? openPostgres(fresh.url) : await openPglite();
  if (fresh) drop = fresh.drop;
  await database.migrate();
  await database.db.insert(users).values({ email: EMAIL, password_hash: await hashPassword(PASSWORD), name: 'Bucket', role: 'admin' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await drop();
  await peer?.stop();
});

async function appOn(storage: Storage) {
  const app = await buildApp({ config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', REDIS_URL: '' }), db: database.db, storage });
  apps.push(app);
  const signIn = await formRequest(app, 'POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
  return { app, auth: `Bearer ${signIn.json().data.bearerToken as string}` };
}

it('the sweep removes from the bucket an object no row names, past its grace, when a second sweep finds it so', async () => {
  const storage = peer.storage({ prefix: 'sweep/' });
  const pdf = Buffer.from('%PDF-1.4\nkept\n%%EOF\n');
  const kept = await storeUpload(database.db, storage, { name: 'kept.pdf', stream: Readable.from([pdf]), kind: 'any', userId: null });
  // Bytes a crash left without a row: one from yesterday, one being written right now.
  const [old, fresh] = [storage.newKey(), storage.newKey()];
  for (const key of [old, fresh]) await storage.write(key, Readable.from([Buffer.from('%PDF-1.4\ncut off')]));
  await peer.age(`sweep/${old}`, DAY + 3600_000);
  await peer.age(`sweep/${kept.storage_key}`, 2 * DAY);
  const listed = new Map<string, Date>();
  for await (const { key, modifiedAt } of storage.list()) listed.set(key, modifiedAt);
  expect(listed.get(old)!.getTime()).toBeLessThan(Date.now() - DAY);

  // The first sweep only notes it: an object that just completed may still be getting its row.
  expect(await sweepUnclaimedUploads(database.db, storage)).toBe(0);
  expect(await storage.exists(old)).toBe(true);
  expect(await sweepUnclaimedUploads(database.db, storage)).toBe(1);
  expect(await storage.exists(old)).toBe(false);
  expect(await storage.exists(fresh)).toBe(true);
  const keptBytes = await buffer(await storage.read(kept.storage_key));
  expect(createHash('sha256').update(keptBytes).digest('hex')).toBe(kept.sha256);
});

describe('an upload the store does not take', () => {
  // 12 MB: the store fails while the body is still coming, after its first part.
  const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024 * 1024, 0x41)]);
  const uploadTo = async (storage: Storage, name: string) => {
    const { app, auth } = await appOn(storage);
    const { payload, headers } = multipartBody({ name, content });
    const res = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: auth } });
    expect(await database.db.select().from(files).where(eq(files.original_name, name))).toHaveLength(0);
    return res;
  };

  it('is a 500 when the bucket refuses it, not a refused or malformed file', async () => {
    const res = await uploadTo(s3Storage({ client: peer.client().client, bucket: 'no-such-bucket' }), 'refused.pdf');
    expect(res.statusCode).toBe(500);
  });

  it('is a 503 with Retry-After when the store cannot be reached', async () => {
    const client = s3ClientFor({ ...peer.env, S3_URL: `http://127.0.0.1:${await freePort()}` });
    const res = await uploadTo(s3Storage({ client, bucket: peer.bucket }), 'unreachable.pdf');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
