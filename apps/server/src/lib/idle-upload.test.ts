import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { IdleWatch } from './idle-upload';
import { localDiskStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-idle-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Issue 33 point 4: an upload whose sender goes quiet fails, so a file being written is never old. */
describe('an upload whose sender sends nothing for a while', () => {
  it('fails with 408 upload_stalled and leaves no file', async () => {
    const storage = localDiskStorage(root);
    const sender = new PassThrough();
    sender.write('%PDF-1.4\n');
    const outcome = await storage.write(storage.newKey(), sender, [new IdleWatch(50)]).catch((err: unknown) => err);
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ statusCode: 408, key: 'upload_stalled', errors: { file: ['upload_stalled'] } });
    expect(fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(root, p)).isFile())).toEqual([]);
  });

  it('counts from when the upload is piped in, not from when the watch was made', async () => {
    const watch = new IdleWatch(50);
    // The storage takes longer than the limit to open its file before it pipes the upload in.
    await new Promise((r) => setTimeout(r, 150));
    const sender = new PassThrough();
    sender.write('%PDF-1.4\n');
    const sink = new PassThrough();
    sink.resume();
    const outcome = await pipeline(sender, watch, sink).catch((err: unknown) => err);
    expect(outcome).toMatchObject({ statusCode: 408, key: 'upload_stalled' });
  });

  it('does not fail while the storage is what holds the bytes back', async () => {
    const chunks = Array.from({ length: 6 }, () => Buffer.alloc(64 * 1024, 0x41));
    let written = 0;
    // A store that takes each chunk after three times the idle limit: the sender waits on it.
    const slowStore = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        setTimeout(() => {
          written += chunk.length;
          done();
        }, 150);
      },
    });
    await pipeline(Readable.from(chunks), new IdleWatch(50), slowStore);
    expect(written).toBe(6 * 64 * 1024);
  });
});
