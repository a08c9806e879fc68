import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';

/** Where uploaded bytes live. Keys are generated here, never taken from a file name. */
export interface Storage {
  newKey(): string;
  /** Streams `source` (through `through`, if given) into `key`; removes a partial file on failure. */
  write(key: string, source: Readable, through?: Transform[]): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A path on this machine, for libraries that read files themselves (sharp). */
  localPath(key: string): string;
  /**
   * Every stored key with the time its bytes were last written: the sweep removes the ones no
   * `files` row names (left by a crash between writing bytes and recording them).
   */
  list(): AsyncIterable<StoredKey>;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

export function localDiskStorage(root: string): Storage {
  const fullPath = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return p;
  };
  return {
    newKey() {
      const id = randomUUID();
      return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
    },
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
    read: (key) => fs.createReadStream(fullPath(key)),
    remove: (key) => fs.promises.rm(fullPath(key), { force: true }),
    localPath: fullPath,
    exists: (key) =>
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

/** The configured storage: files under DATA_DIR/files. */
export const storageFor = (config: { dataDir: string }) => localDiskStorage(path.join(config.dataDir, 'files'));
