import { createHash } from 'node:crypto';
import { FILES_PREFIX, MANIFEST_ENTRY, manifestSchema, type Manifest } from './manifest';
import { ArchiveError, readArchive } from './read-archive';

const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

/** SHA-256 and length of every entry, read through once: nothing is kept but the manifest. */
async function digestEntries(file: string): Promise<{ digests: Map<string, { size: number; sha256: string }>; manifestText: string | null }> {
  const digests = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  await readArchive(file, async (name, _size, stream) => {
    if (digests.has(name) || (name === MANIFEST_ENTRY && manifestText !== null)) throw new ArchiveError(`the archive holds ${name} twice`);
    if (name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        length += chunk.length;
        if (length > MAX_MANIFEST_BYTES) throw new ArchiveError('manifest.json is too large');
        chunks.push(chunk);
      }
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    digests.set(name, { size, sha256: hash.digest('hex') });
  });
  return { digests, manifestText };
}

/**
 * Reads the whole archive once, writing nothing, and answers its manifest when every entry the
 * manifest names is there with its size and SHA-256 and nothing else is; else throws ArchiveError.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const { digests, manifestText } = await digestEntries(file);
  if (manifestText === null) throw new ArchiveError('the archive has no manifest.json: it is cut off or not a backup of this app');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch (err) {
    throw new ArchiveError(`manifest.json is not a manifest this version reads (${(err as Error).message.slice(0, 300)})`);
  }
  const expected = new Map<string, { size: number; sha256: string }>([
    [manifest.database.entry, manifest.database],
    ...manifest.files.map((f) => [FILES_PREFIX + f.key, f] as const),
  ]);
  for (const [name, want] of expected) {
    const got = digests.get(name);
    if (!got) throw new ArchiveError(`the archive lacks ${name}, which its manifest lists`);
    if (got.size !== want.size || got.sha256 !== want.sha256) throw new ArchiveError(`${name} does not match its checksum in the manifest: the archive is damaged`);
  }
  for (const name of digests.keys()) if (!expected.has(name)) throw new ArchiveError(`the archive holds ${name}, which its manifest does not list`);
  return manifest;
}
