import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * An XLSX workbook is a ZIP archive: a 2 MB file can unpack to gigabytes (decision 028). Before a
 * workbook reaches exceljs, its central directory is read and the sizes it declares are checked;
 * then the entries exceljs reads are inflated here, counted, and handed on as a copy whose entries
 * are stored (not compressed), so exceljs's own unzip has nothing left to inflate and sees only
 * what was counted.
 */
export const ARCHIVE_LIMITS = {
  /** What all entries together may unpack to; an archive file larger than this is refused too. */
  uncompressed: 200 * 1024 * 1024,
  /** How many times its own size an archive may unpack to. */
  ratio: 100,
  entries: 10_000,
};

/** The archive unpacks, or claims to unpack, to more than the limits; `inflated` bytes were inflated before it stopped. */
export class ArchiveTooLarge extends Error {
  constructor(readonly inflated: number) {
    super('The archive unpacks to more than the limit');
  }
}

export class BrokenArchive extends Error {}

interface Entry {
  name: Buffer;
  method: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** The directory of 10,000 entries with long names fits in this much of the file's end. */
const TAIL_BYTES = 4 * 1024 * 1024;
/** The parts of a workbook exceljs's streaming reader reads; other entries are never inflated. */
const READ_BY_EXCELJS = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/sheet\d+\.xml|worksheets\/_rels\/sheet\d+\.xml\.rels)$/;

/** The file's last bytes and its size, read through once; a file over the limit is refused on the way. */
async function tailOf(stream: Readable, limit: number): Promise<{ tail: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let held = 0;
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new ArchiveTooLarge(0);
      chunks.push(chunk);
      held += chunk.length;
      while (held - chunks[0]!.length >= TAIL_BYTES) held -= chunks.shift()!.length;
    }
  } finally {
    stream.destroy();
  }
  const all = Buffer.concat(chunks);
  return { tail: all.subarray(Math.max(0, all.length - TAIL_BYTES)), size };
}

/** A 64-bit size of the ZIP64 extra field, for the 32-bit fields set to 0xffffffff. */
function zip64Sizes(extra: Buffer, entry: Entry) {
  for (let p = 0; p + 4 <= extra.length; p += 4 + extra.readUInt16LE(p + 2)) {
    if (extra.readUInt16LE(p) !== 0x0001) continue;
    let q = p + 4;
    const next = () => {
      if (q + 8 > extra.length) throw new BrokenArchive('short ZIP64 field');
      const value = Number(extra.readBigUInt64LE(q));
      q += 8;
      return value;
    };
    if (entry.uncompressed === 0xffffffff) entry.uncompressed = next();
    if (entry.compressed === 0xffffffff) entry.compressed = next();
    if (entry.offset === 0xffffffff) entry.offset = next();
    return;
  }
  throw new BrokenArchive('ZIP64 sizes without their field');
}

/** The entries the central directory names, from the file's tail. */
export function centralDirectory(tail: Buffer, size: number): Entry[] {
  const tailStart = size - tail.length;
  let end = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - MAX_COMMENT); i--) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) throw new BrokenArchive('no end of central directory');
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (count > ARCHIVE_LIMITS.entries) throw new ArchiveTooLarge(0);
  if (dirOffset + dirSize !== tailStart + end) throw new BrokenArchive('the directory is not where the end record says');
  if (dirOffset < tailStart) throw new ArchiveTooLarge(0); // a directory this long names too many entries
  const entries: Entry[] = [];
  let p = dirOffset - tailStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || tail.readUInt32LE(p) !== DIRECTORY_ENTRY) throw new BrokenArchive('bad directory entry');
    const flags = tail.readUInt16LE(p + 8);
    const nameLength = tail.readUInt16LE(p + 28);
    const extraLength = tail.readUInt16LE(p + 30);
    if (p + 46 + nameLength + extraLength > end) throw new BrokenArchive('bad directory entry');
    const entry: Entry = {
      name: tail.subarray(p + 46, p + 46 + nameLength),
      method: tail.readUInt16LE(p + 10),
      compressed: tail.readUInt32LE(p + 20),
      uncompressed: tail.readUInt32LE(p + 24),
      offset: tail.readUInt32LE(p + 42),
    };
    if (entry.compressed === 0xffffffff || entry.uncompressed === 0xffffffff || entry.offset === 0xffffffff) {
      zip64Sizes(tail.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
    }
    if (flags & 1) throw new BrokenArchive('encrypted entry');
    if (entry.method !== 0 && entry.method !== 8) throw new BrokenArchive('unknown compression method');
    entries.push(entry);
    p += 46 + nameLength + extraLength + tail.readUInt16LE(p + 32);
  }
  return entries;
}

/** Throws before anything is inflated when the declared sizes are over the limits. */
export function checkDeclaredSizes(entries: Entry[], size: number) {
  const declared = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (declared > ARCHIVE_LIMITS.uncompressed || declared > ARCHIVE_LIMITS.ratio * size) throw new ArchiveTooLarge(0);
}

/** Reads a stream by byte counts: exactly n bytes, n bytes skipped, n bytes as chunks. */
class ByteReader {
  position = 0;
  private head: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async piece(max: number): Promise<Buffer> {
    if (!this.head.length) {
      const next = await this.source.next();
      if (next.done) throw new BrokenArchive('the file ends early');
      this.head = next.value;
    }
    const out = this.head.subarray(0, Math.min(max, this.head.length));
    this.head = this.head.subarray(out.length);
    this.position += out.length;
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let left = n; left > 0; ) {
      const part = await this.piece(left);
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts);
  }

  async skip(n: number) {
    for (let left = n; left > 0; ) left -= (await this.piece(left)).length;
  }

  async *chunks(n: number): AsyncGenerator<Buffer> {
    for (let left = n; left > 0; ) {
      const part = await this.piece(left);
      left -= part.length;
      yield part;
    }
  }
}

/** An entry's data as it unpacks. */
async function* unpacked(reader: ByteReader, entry: Entry): AsyncGenerator<Buffer> {
  if (entry.method === 0) {
    yield* reader.chunks(entry.compressed);
    return;
  }
  const source = Readable.from(reader.chunks(entry.compressed));
  const inflater = zlib.createInflateRaw();
  // Its errors (bad deflate data, a file ending early) end the iteration below.
  pipeline(source, inflater, () => {});
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) yield chunk;
  } finally {
    source.destroy();
    inflater.destroy();
  }
}

/** The local header of an entry whose data is stored as it is. */
function storedHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x800, 6); // the name is UTF-8
  header.writeUInt32LE(entry.uncompressed, 18);
  header.writeUInt32LE(entry.uncompressed, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

/**
 * A last entry exceljs passes over, larger than what its unzip buffers (16 KiB a stream). That
 * unzip (unzipper's Parse) announces the end of its entries when its input has been written, not
 * when its entries have been taken, and exceljs's walk over them stops at that end: small entries
 * still waiting in the walk's buffer were lost (on a busy machine about 1 in 40 reads lost
 * xl/workbook.xml, the last entry exceljs writes, and the read failed with "Cannot read properties
 * of undefined (reading 'sheets')"). The input cannot be written past this entry until the walk has
 * reached it and drained it, so every entry before it has been taken by then.
 */
const GUARD_NAME = Buffer.from('promo-end-guard.bin');
const GUARD_BYTES = 64 * 1024;
function* endGuard(): Generator<Buffer> {
  yield storedHeader({ name: GUARD_NAME, method: 0, compressed: GUARD_BYTES, uncompressed: GUARD_BYTES, offset: 0 });
  yield Buffer.alloc(GUARD_BYTES);
}

/**
 * The entries exceljs reads, inflated and stored, followed by an empty end record. Inflation stops
 * the moment an entry passes the size the directory declared for it (the declared total is within
 * the limits), so a directory that lies costs no more than an honest one.
 */
async function* storedCopy(source: Readable, entries: Entry[], state: CopyState): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  state.bytesRead = () => reader.position;
  let inflated = 0;
  try {
    for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
      // Overlapping entries are a bomb's trick (one compressed kernel unpacked many times).
      if (entry.offset < reader.position) throw new BrokenArchive('entries overlap');
      await reader.skip(entry.offset - reader.position);
      const local = await reader.exactly(30);
      if (local.readUInt32LE(0) !== LOCAL_HEADER) throw new BrokenArchive('no local header where the directory says');
      await reader.skip(local.readUInt16LE(26) + local.readUInt16LE(28));
      if (!READ_BY_EXCELJS.test(entry.name.toString('utf8'))) continue;
      yield storedHeader(entry);
      let produced = 0;
      for await (const chunk of unpacked(reader, entry)) {
        produced += chunk.length;
        inflated += chunk.length;
        if (produced > entry.uncompressed) throw new ArchiveTooLarge(inflated);
        yield chunk;
      }
      if (produced !== entry.uncompressed) throw new BrokenArchive('an entry is shorter than declared');
    }
    yield* endGuard();
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    yield end;
  } catch (err) {
    // Ending (not failing) the copy: exceljs pipes it into its unzip, which would wait forever for
    // the rest of a stream that failed. The reader checks `failure` when exceljs stops.
    state.failure = err instanceof ArchiveTooLarge || err instanceof BrokenArchive ? err : new BrokenArchive(String(err));
    state.fail(state.failure);
  } finally {
    source.destroy();
  }
}

interface CopyState {
  failure: Error | null;
  fail: (err: Error) => void;
  bytesRead: () => number;
}

export interface BoundedZip {
  /** The copy for exceljs: the entries it reads, stored. */
  stream: Readable;
  /** Why the copy ended early (ArchiveTooLarge or BrokenArchive), once it did. */
  failure(): Error | null;
  /**
   * Rejects with that reason the moment the copy fails. exceljs's unzip, handed a copy that ends
   * inside an entry, sometimes waits for the rest for ever: its reader races this (read-rows.ts).
   */
  failed: Promise<never>;
  /** Bytes of the archive file read so far by the copy. */
  bytesRead(): number;
}

/**
 * Opens an archive within ARCHIVE_LIMITS: its central directory is read first (one pass over the
 * file, keeping its end), and an archive whose entries claim too much is refused (ArchiveTooLarge)
 * before any byte is inflated; a file that is not a readable ZIP throws BrokenArchive.
 */
export async function boundedZip(open: () => Promise<Readable>): Promise<BoundedZip> {
  const { tail, size } = await tailOf(await open(), ARCHIVE_LIMITS.uncompressed);
  const entries = centralDirectory(tail, size);
  checkDeclaredSizes(entries, size);
  let fail: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  // Nobody may be waiting on it when the copy fails: that is no unhandled rejection.
  failed.catch(() => {});
  const state: CopyState = { failure: null, fail, bytesRead: () => 0 };
  const source = await open();
  const stream = Readable.from(storedCopy(source, entries, state), { objectMode: false });
  // A copy destroyed before its first read never runs the generator's own clean-up.
  stream.once('close', () => source.destroy());
  return { stream, failure: () => state.failure, failed, bytesRead: () => state.bytesRead() };
}
