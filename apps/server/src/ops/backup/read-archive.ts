import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

export class ArchiveError extends Error {}

/** The archive's bytes, gunzipped when they start with gzip's magic number. */
async function archiveBytes(file: string): Promise<Readable> {
  const handle = await fs.promises.open(file).catch((err: Error) => {
    throw new ArchiveError(`cannot open ${file}: ${err.message}`);
  });
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0);
  const stream = handle.createReadStream();
  if (head[0] !== 0x1f || head[1] !== 0x8b) return stream;
  const out = new PassThrough();
  pipeline(stream, createGunzip(), out).catch((err: Error) => out.destroy(new ArchiveError(`the archive is damaged or cut off (${err.message})`)));
  return out;
}

/**
 * Calls `onEntry` for each entry of the tar in order; the entry's stream must be read to its end
 * before the promise `onEntry` returns settles. A damaged or cut-off archive rejects with ArchiveError.
 */
export async function readArchive(file: string, onEntry: (name: string, size: number, stream: Readable) => Promise<void>): Promise<void> {
  const bytes = await archiveBytes(file);
  const extract = tar.extract();
  let feedError: ArchiveError | null = null;
  const fed = pipeline(bytes, extract).catch((err: Error) => {
    feedError ??= err instanceof ArchiveError ? err : new ArchiveError(`the archive is damaged or cut off (${err.message})`);
  });
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      await onEntry(entry.header.name, entry.header.size ?? 0, Readable.from(entry));
    }
  } catch (err) {
    // A cut-off archive fails the entry being read too: report the archive, not the reader.
    await new Promise((r) => setImmediate(r));
    if (feedError) throw feedError;
    bytes.destroy();
    await fed;
    throw err;
  }
  await fed;
  if (feedError) throw feedError;
}
