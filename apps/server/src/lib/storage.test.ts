import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { InspectingStream } from './file-signature';
import { localDiskStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = localDiskStorage(root);
/**
 * The files on disk once the file system has done what was asked of it before: file operations
 * run in libuv's thread pool in the order asked, so when 16 asked after them are done, an open
 * still pending when a write settled has created its file.
 */
async function storedLater() {
  await Promise.all(Array.from({ length: 16 }, () => fs.promises.stat(root)));
  return stored();
}
const stored = () => fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(root, p)).isFile());

/** Issue 33 point 4: a write that fails leaves no file, however its source failed. */
describe('a failed write on disk', () => {
  const sources: [string, () => Readable][] = [
    // What the multipart parser does to a part when the client goes away: no error, just closed.
    ['closes before it ends', () => {
      const s = new PassThrough();
      s.destroy();
      return s;
    }],
    ['closes after a byte', () => {
      const s = new PassThrough();
      s.write('%');
      setImmediate(() => s.destroy());
      return s;
    }],
    ['fails', () =>
      new Readable({
        read() {
          this.destroy(new Error('cut off'));
        },
      })],
    ['is one byte that is not a PDF', () => Readable.from([Buffer.from('x')])],
  ];
  it.each(sources)('leaves nothing when its source %s, also 50 at a time', async (_what, source) => {
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => storage.write(storage.newKey(), source(), [new InspectingStream('pdf')])));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(await storedLater()).toEqual([]);
  });

  it('keeps what it wrote, readable only by the server’s user', async () => {
    const key = storage.newKey();
    await storage.write(key, Readable.from([Buffer.from('%PDF-1.4\nkept\n')]), [new InspectingStream('pdf')]);
    expect(stored()).toEqual([key]);
    expect(fs.statSync(path.join(root, key)).mode & 0o777).toBe(0o600);
    await storage.remove(key);
  });
});
