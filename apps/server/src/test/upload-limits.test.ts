import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '@promo/shared';
import { files, systemSettings } from '../db/schema';
import { createTestApp, multipartBody, type TestApp } from './test-app';

/** Issue 22 point 7: a declared body over the limit is refused unread; each user has an upload quota. */
let t: TestApp;
let admin: string;
let designer: string;
let settingsId: number;
beforeAll(async () => {
  // A database of its own: the quota is a system setting every upload of the run would meet.
  t = await createTestApp({}, { ownDatabase: true, ownStorage: true });
  [admin, designer] = await Promise.all([t.login('admin'), t.login('designer')]);
  settingsId = (await t.database.db.select({ id: systemSettings.id }).from(systemSettings))[0]!.id;
});
afterAll(() => t.close());

async function upload(token: string, name: string, content: Buffer) {
  const { payload, headers } = multipartBody({ name, content });
  return t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: token } });
}
const pdf = (bytes = 100) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes, 0x41)]);
const setQuota = async (quota: { upload_quota_mb?: number; upload_quota_files?: number }) => {
  const res = await t.form('PUT', `/api/system-setting/${settingsId}`, quota, admin);
  expect(res.statusCode, res.body).toBe(200);
};
const rowsNamed = (...names: string[]) => t.database.db.select().from(files).where(inArray(files.original_name, names));

describe('the upload step', () => {
  it('answers a body that declares over 1 GiB + 1 KiB with 413 before reading it', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'promoDeclaredTooLarge';
    let req: http.ClientRequest | undefined;
    try {
      const answer = await new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
        req = http.request(`${base}/api/files/upload`, {
          method: 'POST',
          headers: { authorization: designer, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(1024 ** 3 + 1024 + 1) },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
        });
        // The first few bytes only: the answer must come without the rest of the declared body.
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
      });
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ message: UPLOAD_MESSAGES.tooLarge, errors: { file: ['file_too_large'] } });
      expect(await rowsNamed('huge.pdf')).toHaveLength(0);
    } finally {
      req?.destroy();
    }
  });

  it('refuses a user past its quota of unclaimed files with 429 and a clear message; others and claimed files do not count', async () => {
    await setQuota({ upload_quota_files: 3, upload_quota_mb: 2048 });
    const ids: number[] = [];
    for (const name of ['q1.pdf', 'q2.pdf', 'q3.pdf']) {
      const res = await upload(designer, name, pdf());
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.file_id);
    }
    const refused = await upload(designer, 'q4.pdf', pdf());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 'error',
      message: UPLOAD_MESSAGES.quota,
      message_key: 'upload_quota_exceeded',
      message_params: { files: 3, mb: 2048 },
      errors: { file: ['upload_quota_exceeded'] },
    });
    expect(await rowsNamed('q4.pdf')).toHaveLength(0);
    // The quota is each user's own.
    expect((await upload(await t.login('cm'), 'cm1.pdf', pdf())).statusCode).toBe(201);
    // A claimed upload (here as a chat message claims it) no longer counts.
    await t.database.db.update(files).set({ owner_table: 'chat_messages', owner_id: 1 }).where(eq(files.id, ids[0]!));
    expect((await upload(designer, 'q5.pdf', pdf())).statusCode).toBe(201);
  });

  it('counts the bytes too: a file that takes the unclaimed total past the MB quota is refused and not kept', async () => {
    await setQuota({ upload_quota_files: 200, upload_quota_mb: 1 });
    const printer = await t.login('printer');
    expect((await upload(printer, 'b1.pdf', pdf(600 * 1024))).statusCode).toBe(201);
    const refused = await upload(printer, 'b2.pdf', pdf(600 * 1024));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual({ file: ['upload_quota_exceeded'] });
    expect(await rowsNamed('b2.pdf')).toHaveLength(0);
  });

  it('keeps the quota in system settings with a default, whole numbers from 1', async () => {
    const res = await t.form('PUT', `/api/system-setting/${settingsId}`, { upload_quota_files: '0', upload_quota_mb: '1.5' }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ upload_quota_files: ['upload_quota_range'], upload_quota_mb: ['digits_only'] });
    await setQuota({ upload_quota_files: 200, upload_quota_mb: 2048 });
    const [row] = await t.database.db.select().from(systemSettings).where(and(eq(systemSettings.id, settingsId)));
    expect({ mb: row!.upload_quota_mb, files: row!.upload_quota_files }).toEqual({ mb: 2048, files: 200 });
  });
});
