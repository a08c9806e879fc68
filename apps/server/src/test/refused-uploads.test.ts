import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, systemSettings } from '../db/schema';
import { storeUpload } from '../lib/uploads';
import { filesOnDisk } from './multipart';
import { head, RawConnection } from './raw-http';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 33 point 4: a refused upload leaves no file on disk and no row, whatever refused it and
 * whichever call it came to: the upload step, a chat message, a placement photo. Real sockets, as
 * the client sent them.
 */
const UPLOAD_LIMIT = 2 * 1024 * 1024;
let t: TestApp;
let port: number;
const tokens: Record<'designer' | 'user', string> = { designer: '', user: '' };
beforeAll(async () => {
  // A database of its own: the quota case changes a system setting.
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) }, { ownDatabase: true, ownStorage: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [tokens.designer, tokens.user] = await Promise.all([t.login('designer'), t.login('user')]);
});
afterAll(() => t?.close());

const CALLS = [
  { url: '/api/files/upload', field: 'file', caller: 'designer', fields: {} },
  { url: '/api/design-chat', field: 'url_file', caller: 'designer', fields: { chat_id: '1', text: 'Vedlegg' } },
  { url: '/company_api/placement-photos', field: 'file', caller: 'user', fields: { promotion_id: '1', surface_id: '1' } },
] as const;

const BOUNDARY = 'promoRefused';
function body(call: (typeof CALLS)[number], filename: string, content: Buffer) {
  const fields = Object.entries(call.fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const start = Buffer.from(`${fields.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${call.field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { start, whole: Buffer.concat([start, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]) };
}
const requestHead = (call: (typeof CALLS)[number], length: number) =>
  head('POST', call.url, { authorization: tokens[call.caller], 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': length });

async function send(call: (typeof CALLS)[number], filename: string, content: Buffer) {
  const { whole } = body(call, filename, content);
  const c = await RawConnection.open(port);
  await c.send(requestHead(call, whole.length));
  await c.send(whole);
  const answer = await c.answer();
  await c.end();
  expect(c.errors).toEqual([]);
  return answer;
}

const rows = async () => (await t.database.db.select({ id: files.id }).from(files)).map((r) => r.id).sort();
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x41)]);

async function waitFor(what: string, condition: () => Promise<boolean>) {
  for (const until = Date.now() + 20_000; !(await condition()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
  }
}

const REFUSALS: [string, string, Buffer, number, string][] = [
  // A line break inside the quoted name ends the header there: the name is "a", without a type.
  ['a name with a line break in it', 'a\r\nb.pdf', Buffer.from('x'), 422, 'unsupported_file_type'],
  // How a browser's FormData writes that name; one byte that is no PDF.
  ['a name with an encoded line break, one byte that is no PDF', 'a%0D%0Ab.pdf', Buffer.from('x'), 422, 'unsupported_file_type'],
  ['a type nobody takes', 'virus.exe', Buffer.from('MZ\x90\x00binary'), 422, 'unsupported_file_type'],
  ['bytes that are not what the name says', 'skisse.png', pdf(5000), 422, 'unsupported_file_type'],
  ['an empty file', 'tom.pdf', Buffer.alloc(0), 422, 'file_empty'],
  ['a file over the upload limit', 'stor.pdf', pdf(UPLOAD_LIMIT + 1), 413, 'file_too_large'],
];

describe('a refused upload leaves nothing behind', () => {
  for (const call of CALLS) {
    it.each(REFUSALS)(`${call.url}: %s`, async (_what, filename, content, status, reason) => {
      const [disk, before] = [filesOnDisk(t.filesDir), await rows()];
      const answer = await send(call, filename, content);
      expect(answer?.status, answer?.body).toBe(status);
      expect(JSON.parse(answer!.body).errors[call.field]).toEqual([reason]);
      expect(filesOnDisk(t.filesDir)).toEqual(disk);
      expect(await rows()).toEqual(before);
    });

    it(`${call.url}: a body cut off in the middle of the file`, async () => {
      const [disk, before] = [filesOnDisk(t.filesDir), await rows()];
      const { start } = body(call, 'plakat.pdf', Buffer.alloc(0));
      const c = await RawConnection.open(port);
      await c.send(requestHead(call, start.length + 500_000));
      await c.send(Buffer.concat([start, pdf(100_000)]));
      // The upload is under way: its file is on disk.
      await waitFor('the partial file', async () => filesOnDisk(t.filesDir).length > disk.length);
      await c.end();
      await waitFor('the partial file to go', async () => filesOnDisk(t.filesDir).length === disk.length);
      expect(filesOnDisk(t.filesDir)).toEqual(disk);
      expect(await rows()).toEqual(before);
    });
  }

  it('a sender that goes quiet in the middle of the file: 408 and nothing kept', async () => {
    const [disk, before] = [filesOnDisk(t.filesDir), await rows()];
    const sender = new PassThrough();
    sender.write(pdf(100_000));
    const refused = await storeUpload(t.database.db, t.storage, { name: 'stille.pdf', stream: sender, kind: 'any', userId: null, idleMs: 100 }).catch((err: unknown) => err);
    expect(refused).toMatchObject({ statusCode: 408, key: 'upload_stalled' });
    expect(filesOnDisk(t.filesDir)).toEqual(disk);
    expect(await rows()).toEqual(before);
  });

  it('past the upload quota, found once the file is written: 429 and nothing kept', async () => {
    const [settings] = await t.database.db.select().from(systemSettings);
    await t.database.db.update(systemSettings).set({ upload_quota_mb: 1 }).where(eq(systemSettings.id, settings!.id));
    try {
      const placement = CALLS[2];
      const [disk, before] = [filesOnDisk(t.filesDir), await rows()];
      const answer = await send(placement, 'stor.pdf', pdf(1_500_000));
      expect(answer?.status, answer?.body).toBe(429);
      expect(JSON.parse(answer!.body).errors).toEqual({ file: ['upload_quota_exceeded'] });
      expect(filesOnDisk(t.filesDir)).toEqual(disk);
      expect(await rows()).toEqual(before);
    } finally {
      await t.database.db.update(systemSettings).set({ upload_quota_mb: settings!.upload_quota_mb }).where(eq(systemSettings.id, settings!.id));
    }
  });
});
