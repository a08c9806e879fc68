import type { Readable } from 'node:stream';
import type { Pack } from 'tar-stream';
import { HashingStream } from './hashing';

/**
 * Streams `source` into the archive as one entry of `size` bytes (a tar header needs the size
 * first) and answers the SHA-256 of what went in. Rejects when the source fails or its length is
 * not `size`.
 */
export function addEntry(pack: Pack, name: string, size: number, source: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const hasher = new HashingStream();
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      source.destroy();
      reject(err);
    };
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (err) => {
      if (err) fail(new Error(`${name}: ${err.message} (its stored size differs from the ${size} bytes recorded)`));
      else if (!failed) resolve(hasher.digest());
    });
    source.once('error', (err) => fail(new Error(`${name}: ${err.message}`)));
    hasher.once('error', fail);
    source.pipe(hasher).pipe(entry);
  });
}
