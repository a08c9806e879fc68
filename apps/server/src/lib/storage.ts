import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE, PRIVATE_FOLDER, privateFolder } from './private-files';
import { newStorageKey, type Storage, type StoredKey } from './storage-port';
import type { S3Settings } from './storage-s3';

export { newStorageKey, type Storage, type StoredKey } from './storage-port';

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
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
      // Created before the first byte is read: a stream's own open can finish after a failed
      // pipeline settles (a source that closes early), and would create the file after its removal.
      const file = await fs.promises.open(target, 'wx', PRIVATE_FILE);
      const sink = file.createWriteStream();
      try {
        await pipeline([source, ...through, sink]);
      } catch (err) {
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
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
  const root = path.join(config.dataDir, 'files');
  // Made 0700, or narrowed at start where an older version left it readable by others.
  await privateFolder(root);
  return localDiskStorage(root);
}
