import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../lib/private-files';
import { addEntry } from './tar-entry';

/**
 * Writes the folder `dir` to `file` as a tar in the layout of PGlite's dumpDataDir() (`/pg_wal/…`,
 * folders included), one file at a time: nothing of it is held in memory.
 */
export async function writeFolderTar(dir: string, file: string): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(file, { mode: PRIVATE_FILE }));
  written.catch(() => {});
  try {
    const walk = async (rel: string): Promise<void> => {
      for (const entry of await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true })) {
        const name = `${rel}/${entry.name}`;
        const full = path.join(dir, name);
        if (entry.isDirectory()) {
          pack.entry({ name, type: 'directory', mode: 0o700 });
          await walk(name);
        } else if (entry.isFile()) {
          const { size } = await fs.promises.stat(full);
          await addEntry(pack, name, size, fs.createReadStream(full));
        }
      }
    };
    await walk('');
    pack.finalize();
    await written;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => {});
    throw err;
  }
}

/** Unpacks a tar of writeFolderTar or dumpDataDir() into the empty folder `dir`, streaming. */
export async function extractFolderTar(file: string, dir: string): Promise<void> {
  const root = path.resolve(dir);
  const extract = tar.extract();
  const fed = pipeline(fs.createReadStream(file), extract);
  fed.catch(() => {});
  for await (const entry of extract) {
    const target = path.resolve(root, `.${entry.header.name.startsWith('/') ? '' : '/'}${entry.header.name}`);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`the database dump names a path outside its folder: ${entry.header.name}`);
    if (entry.header.type === 'directory') {
      await fs.promises.mkdir(target, { recursive: true, mode: PRIVATE_FOLDER });
      entry.resume();
    } else if (entry.header.type === 'file') {
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
      await pipeline(Readable.from(entry), fs.createWriteStream(target, { mode: PRIVATE_FILE }));
    } else {
      entry.resume();
    }
  }
  await fed;
}
