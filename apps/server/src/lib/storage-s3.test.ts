import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { withUmask } from '../test/file-modes';
import { startS3Peer, type S3Peer } from '../test/s3rver';
import { loadConfig } from '../config';
import { localDiskStorage, storageFor, type Storage } from './storage';
import { PART_SIZE, s3Storage } from './storage-s3';

const MiB = 1024 * 1024;
let peer: S3Peer;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-storage-suite-'));
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

/** `bytes` random bytes in 64 KB chunks, then `failure` if given; `digest()` is the sha256 of what was sent. */
function generated(bytes: number, failure?: Error) {
  const hash = createHash('sha256');
  const stream = Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 64 * 1024) {
        const chunk = randomBytes(Math.min(64 * 1024, bytes - sent));
        hash.update(chunk);
        yield chunk;
      }
      if (failure) throw failure;
    })(),
  );
  return { stream, digest: () => hash.digest('hex') };
}

const sha256 = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

// A garbage collection before each reading, so that the figures are what is held, not what is
// waiting to be collected.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** The highest growth over the start of what the process holds (heap and buffers, after a collection) while `work` runs. */
async function memoryDuring(work: () => Promise<void>) {
  const held = async () => {
    collectGarbage();
    // Buffers' memory is given back by a background sweep after the collection.
    await new Promise((r) => setTimeout(r, 5));
    const now = process.memoryUsage();
    return { heapAndBuffers: now.heapUsed + now.arrayBuffers, rss: now.rss };
  };
  const start = await held();
  const peak = { heapAndBuffers: 0, rss: 0 };
  let running = true;
  const sampling = (async () => {
    while (running) {
      const now = await held();
      peak.heapAndBuffers = Math.max(peak.heapAndBuffers, now.heapAndBuffers - start.heapAndBuffers);
      peak.rss = Math.max(peak.rss, now.rss - start.rss);
      await new Promise((r) => setTimeout(r, 15));
    }
  })();
  const began = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return { ...peak, ms: performance.now() - began };
}

/** toEqual compares buffers byte by byte through its generic machinery: a second for 300 KB. */
const expectSameBytes = (actual: Buffer, expected: Buffer) => expect(actual.equals(expected), 'the same bytes').toBe(true);

const keysIn = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys;
};

interface Subject {
  storage: Storage;
  /** Multipart uploads or partial files left behind. */
  leftovers(): string[];
  /** The parts sent so far, for S3. */
  partsSent?(): number;
}

const subjects: [string, () => Subject][] = [
  ['the local disk', () => ({ storage: localDiskStorage(diskRoot), leftovers: () => [] })],
  [
    'S3',
    () => {
      const { client, sent } = peer.client();
      return {
        // Pages of two keys: list() must follow the continuation tokens.
        storage: peer.storage({ client, prefix: 'suite/', listPageSize: 2 }),
        leftovers: () => peer.pendingUploads(),
        partsSent: () => sent.filter((c) => c === 'UploadPartCommand').length,
      };
    },
  ],
];

describe.each(subjects)('storage on %s', (name, subject) => {
  let s: Subject;
  beforeAll(() => {
    s = subject();
  });

  it('writes a stream through a transform that sees every byte, and reads back what came out of it', async () => {
    const content = Buffer.from(`Kampanjeplakat ${'æøå'.repeat(40_000)}`);
    let seen = 0;
    const invert = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(null, Buffer.from(chunk.map((b) => b ^ 0xff)));
      },
    });
    const key = s.storage.newKey();
    await s.storage.write(key, Readable.from([content.subarray(0, 1000), content.subarray(1000)]), [invert]);
    expect(seen).toBe(content.length);
    expectSameBytes(await buffer(await s.storage.read(key)), Buffer.from(content.map((b) => b ^ 0xff)));
  });

  it('leaves nothing behind when the source fails after several parts, and passes its error on', async () => {
    const key = s.storage.newKey();
    const broken = new Error('the browser went away');
    await expect(s.storage.write(key, generated(3 * PART_SIZE, broken).stream)).rejects.toBe(broken);
    expect(await s.storage.exists(key)).toBe(false);
    expect(await keysIn(s.storage)).not.toContain(key);
    expect(s.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when a transform refuses the first bytes', async () => {
    const key = s.storage.newKey();
    const refused = new Error('not a PNG');
    const inspector = new Transform({ transform: (_chunk, _enc, done) => done(refused) });
    await expect(s.storage.write(key, generated(MiB).stream, [inspector])).rejects.toBe(refused);
    expect(await s.storage.exists(key)).toBe(false);
    expect(s.leftovers()).toEqual([]);
  });

  it('tells whether a key exists, removes it, and refuses to read it afterwards', async () => {
    const key = s.storage.newKey();
    expect(await s.storage.exists(key)).toBe(false);
    await expect(s.storage.read(key)).rejects.toThrow();
    await s.storage.write(key, Readable.from([Buffer.from('%PDF-1.4\n')]));
    expect(await s.storage.exists(key)).toBe(true);
    await s.storage.remove(key);
    expect(await s.storage.exists(key)).toBe(false);
    await expect(s.storage.read(key)).rejects.toThrow();
    await s.storage.remove(key); // removing what is gone is no error: the sweep and a delete may meet
  });

  it('lists every stored key with the time it was written', async () => {
    const before = Date.now();
    const written = [s.storage.newKey(), s.storage.newKey(), s.storage.newKey()];
    for (const key of written) await s.storage.write(key, Readable.from([Buffer.from(key)]));
    const after = Date.now();
    const listed = new Map<string, Date>();
    for await (const { key, modifiedAt } of s.storage.list()) listed.set(key, modifiedAt);
    for (const key of written) {
      const at = listed.get(key)?.getTime();
      // S3 gives whole seconds.
      expect(at, key).toBeGreaterThanOrEqual(before - 1000);
      expect(at, key).toBeLessThanOrEqual(after + 1000);
    }
  });

  it('gives a local file with the bytes of a key to a library that reads files itself', async () => {
    const key = s.storage.newKey();
    const content = randomBytes(300_000);
    await s.storage.write(key, Readable.from([content]));
    expectSameBytes(await s.storage.withLocalFile(key, async (file) => fs.promises.readFile(file)), content);
    const failed = new Error('sharp gave up');
    await expect(s.storage.withLocalFile(key, async () => Promise.reject(failed))).rejects.toBe(failed);
    expectSameBytes(await buffer(await s.storage.read(key)), content);
  });

  it('keeps what it stores, and the local copy it lends, readable by their owner only under umask 022', async () => {
    onTestFinished(withUmask(0o022));
    const key = s.storage.newKey();
    await s.storage.write(key, Readable.from([Buffer.from('%PDF-1.4\n')]));
    // On disk the stored file itself and its folder; on S3 the temporary copy and its folder.
    const modes = await s.storage.withLocalFile(key, async (file) => [file, path.dirname(file)].map((p) => (fs.statSync(p).mode & 0o777).toString(8)));
    expect(modes).toEqual(['600', '700']);
  });

  it('refuses keys outside its root', async () => {
    for (const key of ['../outside', 'a/../../outside', '/etc/passwd', '']) {
      await expect(s.storage.write(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow('outside the root');
      await expect(s.storage.read(key), key).rejects.toThrow('outside the root');
      await expect(s.storage.exists(key), key).rejects.toThrow('outside the root');
      await expect(s.storage.remove(key), key).rejects.toThrow('outside the root');
      await expect(s.storage.withLocalFile(key, async () => 1), key).rejects.toThrow('outside the root');
    }
    expect(fs.existsSync(path.join(diskRoot, '..', 'outside'))).toBe(false);
  });

  it('streams a 40 MB file in and out without holding it in memory', async () => {
    const key = s.storage.newKey();
    const source = generated(40 * MiB);
    const partsBefore = s.partsSent?.();
    const write = await memoryDuring(() => s.storage.write(key, source.stream));
    let readBack = '';
    const read = await memoryDuring(async () => {
      readBack = await sha256(await s.storage.read(key));
    });
    expect(readBack).toBe(source.digest());
    const mb = (n: number) => Math.round(n / MiB);
    console.info(
      `${name}: 40 MB written in ${Math.round(write.ms)} ms holding at most ${mb(write.heapAndBuffers)} MB more (rss +${mb(write.rss)} MB), ` +
        `read in ${Math.round(read.ms)} ms holding at most ${mb(read.heapAndBuffers)} MB more (rss +${mb(read.rss)} MB)`,
    );
    // Reading holds a few chunks at a time; so does writing to the disk. An S3 write holds several
    // parts of 5 MiB, near the size of this file: it went up in parts, and the test below shows
    // that what it holds does not grow with the file.
    expect(read.heapAndBuffers).toBeLessThan(16 * MiB);
    if (partsBefore === undefined) expect(write.heapAndBuffers).toBeLessThan(16 * MiB);
    else expect(s.partsSent!() - partsBefore).toBe(Math.ceil((40 * MiB) / PART_SIZE));
  }, 120_000);
});

describe('S3 specifics', () => {
  it('sends a large file in several parts and aborts the multipart upload of a failed one', async () => {
    const { client, sent } = peer.client();
    const storage = peer.storage({ client, prefix: 'parts/' });
    const key = storage.newKey();
    await storage.write(key, generated(4 * PART_SIZE + 1000).stream);
    expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(5);
    expect(sent).toContain('CompleteMultipartUploadCommand');

    sent.length = 0;
    await expect(storage.write(storage.newKey(), generated(2 * PART_SIZE + 1000, new Error('cut off')).stream)).rejects.toThrow('cut off');
    expect(sent).toContain('UploadPartCommand');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(peer.pendingUploads()).toEqual([]);
  });

  it('holds the same few parts in memory whatever the size of the file', async () => {
    const storage = peer.storage({ prefix: 'large/' });
    const write = await memoryDuring(() => storage.write(storage.newKey(), generated(160 * MiB).stream));
    console.info(`S3: 160 MB written in ${Math.round(write.ms)} ms holding at most ${Math.round(write.heapAndBuffers / MiB)} MB more`);
    // Two parts in flight, the next one waiting, the one being gathered and lib-storage's copies
    // of it: 15–37 MB measured, for 40 MB files as for 160 MB ones.
    expect(write.heapAndBuffers).toBeLessThan(10 * PART_SIZE);
  }, 120_000);

  it('removes the temporary copy of a key once the library is done, also when it failed', async () => {
    const storage = peer.storage({ prefix: 'local/' });
    const key = storage.newKey();
    await storage.write(key, Readable.from([Buffer.from('bytes')]));
    let copy = '';
    await storage.withLocalFile(key, async (file) => {
      copy = file;
      expect(fs.existsSync(file)).toBe(true);
    });
    expect(fs.existsSync(path.dirname(copy))).toBe(false);
    await storage
      .withLocalFile(key, async (file) => {
        copy = file;
        throw new Error('sharp gave up');
      })
      .catch(() => {});
    expect(fs.existsSync(path.dirname(copy))).toBe(false);
  });

  it('keeps the keys of one prefix apart from another', async () => {
    const a = peer.storage({ prefix: 'one' });
    const b = peer.storage({ prefix: 'two/' });
    const key = a.newKey();
    await a.write(key, Readable.from([Buffer.from('one')]));
    expect(await b.exists(key)).toBe(false);
    expect(await keysIn(a)).toEqual([key]);
    expect(await keysIn(b)).not.toContain(key);
  });

  it('rejects with the store\'s own error when the bucket refuses a write, and stops reading the source', async () => {
    const storage = s3Storage({ client: peer.client().client, bucket: 'no-such-bucket' });
    for (const size of [1000, 3 * PART_SIZE]) {
      const { stream } = generated(size);
      await expect(storage.write(storage.newKey(), stream), `${size} bytes`).rejects.toMatchObject({ name: 'NoSuchBucket' });
      expect(stream.destroyed || stream.readableEnded, `${size} bytes`).toBe(true);
    }
  });

  it('answers the readiness probe while the bucket is there, and not for a bucket that is not', async () => {
    expect(await peer.storage().answers!(AbortSignal.timeout(2000))).toBe(true);
    const missing = s3Storage({ client: peer.client().client, bucket: 'no-such-bucket' });
    await expect(missing.answers!(AbortSignal.timeout(2000))).rejects.toThrow();
  });
});

describe('the storage the environment chooses', () => {
  const env = (vars: Record<string, string>) => ({ DATA_DIR: diskRoot, ...vars });

  it('refuses to start with an endpoint without a bucket, a bucket without an endpoint, or half a key pair', () => {
    expect(() => loadConfig(env({ S3_URL: peer.url }))).toThrow('S3_URL and S3_BUCKET go together');
    expect(() => loadConfig(env({ S3_BUCKET: 'promo' }))).toThrow('S3_URL and S3_BUCKET go together');
    expect(() => loadConfig(env({ ...peer.env, S3_SECRET_ACCESS_KEY: '' }))).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => loadConfig(env({ S3_URL: 'minio:9000', S3_BUCKET: 'promo' }))).toThrow('S3_URL must be an http(s) address');
  });

  it('stores in the bucket with S3_URL and S3_BUCKET, under S3_PREFIX', async () => {
    const config = loadConfig(env({ ...peer.env, S3_PREFIX: 'chosen' }));
    expect(config.S3_REGION).toBe('us-east-1');
    const storage = await storageFor(config);
    const key = storage.newKey();
    await storage.write(key, Readable.from([Buffer.from('x')]));
    expect(await peer.storage({ prefix: 'chosen/' }).exists(key)).toBe(true);
    expect(fs.existsSync(path.join(diskRoot, 'files'))).toBe(false);
  });

  it('stores under DATA_DIR/files without them, empty values counting as unset', async () => {
    const storage = await storageFor(loadConfig(env({ S3_URL: '', S3_BUCKET: '' })));
    expect(storage.answers).toBeUndefined();
    const key = storage.newKey();
    await storage.write(key, Readable.from([Buffer.from('x')]));
    expect(fs.existsSync(path.join(diskRoot, 'files', key))).toBe(true);
  });
});
