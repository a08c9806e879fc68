import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';
import type { S3Settings } from './storage-s3';

/**
 * Where uploaded bytes live: a folder of this machine or an S3 bucket (`storage-s3.ts`). Keys are
 * generated here, never taken from a file name.
 */
export interface Storage {
  newKey(): string;
  /** Streams `source` (through `through`, if given) into `key`; leaves nothing under `key` on failure. */
  write(key: string, source: Readable, through?: Transform[]): Promise<void>;
  /** The stored bytes as a stream; rejects when `key` holds nothing. */
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Runs `fn` with a path on this machine that holds the bytes of `key`, for libraries that read
   * files themselves (sharp); the path is valid until `fn` settles.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /**
   * Every stored key with the time its bytes were last written: the sweep removes the ones no
   * `files` row names (left by a crash between writing bytes and recording them).
   */
  list(): AsyncIterable<StoredKey>;
  /** For the readiness probe, when the bytes live in a service that can be down. */
  answers?(signal: AbortSignal): Promise<boolean>;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/** A fresh key: a UUID under two levels of folders, so no folder of the disk grows too large. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

export function localDiskStorage(root: string): Storage {
  const fullPath = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return p;
  };
  return {
    newKey: newStorageKey,
    async write(key, source, through = []) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline([source, ...through, fs.createWriteStream(target, { flags: 'wx' })]);
      } catch (err) {
        await fs.promises.rm(target, { force: true });
        throw err;
      }
    },
    // Opened before it is handed out, so a missing file rejects here rather than mid-response.
    read: async (key) => (await fs.promises.open(fullPath(key))).createReadStream(),
    remove: async (key) => fs.promises.rm(fullPath(key), { force: true }),
    withLocalFile: async (key, fn) => fn(fullPath(key)),
    exists: async (key) =>
      fs.promises.access(fullPath(key)).then(
        () => true,
        () => false,
      ),
    list: () => walk(path.resolve(root), ''),
  };
}

/** The files under `dir`, keyed by their path below the root with `/` between parts. */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredKey> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing stored yet, or removed meanwhile
    throw err;
  }
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield* walk(path.join(dir, entry.name), key);
    } else if (entry.isFile()) {
      const stat = await fs.promises.stat(path.join(dir, entry.name)).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtime };
    }
  }
}

export type StorageConfig = { dataDir: string } & Partial<S3Settings>;

/** The configured storage: the bucket of S3_URL and S3_BUCKET, else files under DATA_DIR/files. */
export async function storageFor(config: StorageConfig): Promise<Storage> {
  if (config.S3_URL && config.S3_BUCKET) {
    // Loaded only when used: the AWS SDK adds about 100 ms to every start.
    const { s3StorageFor } = await import('./storage-s3');
    return s3StorageFor({ ...config, S3_URL: config.S3_URL, S3_BUCKET: config.S3_BUCKET });
  }
  return localDiskStorage(path.join(config.dataDir, 'files'));
}
