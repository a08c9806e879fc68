import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { fileExtension } from '@promo/shared';
import { ArchiveTooLarge, boundedZip, BrokenArchive, type BoundedZip } from '../../lib/bounded-zip';

/** One row of a sheet: its number as the spreadsheet shows it (1 = the first line) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** Counts the bytes that pass, for a progress estimate while the number of rows is not known yet. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/** A file the parser cannot read; `archive_too_large`: an XLSX that unpacks to more than the limits (decision 028). */
export class UnreadableFile extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'archive_too_large' = 'unreadable',
  ) {
    super(message);
  }
}

const unreadable = (err: unknown) =>
  err instanceof ArchiveTooLarge ? new UnreadableFile(err.message, 'archive_too_large') : new UnreadableFile(err instanceof Error ? err.message : String(err));

/** The separator of a CSV file: the one of `;`, `,` and tab its first line has most of (Norwegian Excel writes `;`). */
export function detectDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best![1] > 0 ? best![0] : ',';
}

async function firstLineOf(open: () => Promise<Readable>): Promise<string> {
  const stream = await open();
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      const nl = text.search(/\r?\n/);
      if (nl !== -1) return text.slice(0, nl);
      if (text.length > 1_000_000) break;
    }
    return text;
  } finally {
    stream.destroy();
  }
}

const MAX_CELL = 100_000;

/** A cell of exceljs as the text a person sees in it. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  // Excel keeps 39.9 as a double that may print as 39.900000000000006: 15 digits are what it shows.
  if (typeof v === 'number') return String(Number(v.toPrecision(15)));
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
    if (o.error !== undefined) return '';
  }
  return String(v);
}

/**
 * The rows of a CSV or XLSX file, streamed: csv-parse's streaming parser, exceljs's streaming
 * WorkbookReader (first worksheet only). Empty rows are left out. `progress()` says how many bytes
 * of the stored file were read so far. A file the parser cannot read throws UnreadableFile.
 */
export function sheetRows(name: string, open: () => Promise<Readable>): { rows: AsyncGenerator<SheetRow>; bytesRead: () => number } {
  const counter = new ByteCounter();
  const ext = fileExtension(name);
  async function* csv(): AsyncGenerator<SheetRow> {
    const delimiter = detectDelimiter(await firstLineOf(open));
    const parser = parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      max_record_size: 1_000_000,
    });
    const source = await open();
    pipeline(source, counter, parser, () => {});
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { row: info.lines, cells: record.map((c) => c.slice(0, MAX_CELL)) };
      }
    } catch (err) {
      if (err instanceof Error && (err as { code?: string }).code?.startsWith('CSV_')) throw new UnreadableFile(err.message);
      throw err;
    } finally {
      source.destroy();
      parser.destroy();
    }
  }
  let archive: BoundedZip | null = null;
  async function* xlsx(): AsyncGenerator<SheetRow> {
    try {
      // exceljs reads a copy whose size was checked before and while it was inflated.
      archive = await boundedZip(open);
    } catch (err) {
      // A storage failure is not the file's fault and stays what it is.
      throw err instanceof ArchiveTooLarge || err instanceof BrokenArchive ? unreadable(err) : err;
    }
    try {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(archive.stream, {
        sharedStrings: 'cache',
        hyperlinks: 'ignore',
        styles: 'ignore',
        worksheets: 'emit',
        entries: 'emit',
      });
      for await (const sheet of untilFailure(reader, archive.failed)) {
        for await (const row of untilFailure(sheet, archive.failed)) {
          const values = (row.values as unknown[]).slice(1);
          const cells: string[] = [];
          for (let i = 0; i < values.length; i++) cells.push(cellText(values[i]).slice(0, MAX_CELL));
          if (cells.some((c) => c.trim() !== '')) yield { row: row.number, cells };
        }
        break; // the first worksheet only
      }
      // The copy ends early when it fails, which exceljs may take for the end of the workbook.
      const failure = archive.failure();
      if (failure) throw failure;
    } catch (err) {
      if (err instanceof UnreadableFile) throw err;
      // exceljs and its zip reader fail with plain errors on a file that is not an xlsx workbook.
      const failure = archive.failure();
      throw unreadable(failure ?? err);
    } finally {
      archive.stream.destroy();
    }
  }
  return { rows: ext === 'xlsx' ? xlsx() : csv(), bytesRead: () => archive?.bytesRead() ?? counter.bytes };
}

/**
 * The items of an exceljs iteration until the archive's copy fails, then that failure: exceljs may
 * wait for ever on a copy that ended inside an entry. Its iterator is told to return, not awaited
 * (a return queues behind the next() that hangs); destroying the copy lets it go.
 */
async function* untilFailure<T>(items: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), failed]);
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) void iterator.return?.()?.catch(() => {});
  }
}

/** The header row (the first row that is not empty) and up to `count` rows after it. */
export async function headerAndSample(name: string, open: () => Promise<Readable>, count: number): Promise<{ headers: string[]; sample: string[][] }> {
  const { rows } = sheetRows(name, open);
  let headers: string[] | null = null;
  const sample: string[][] = [];
  for await (const r of rows) {
    if (!headers) headers = r.cells.map((c) => c.trim());
    else sample.push(r.cells.map((c) => c.trim().slice(0, 200)));
    if (sample.length >= count) break;
  }
  if (!headers) throw new UnreadableFile('no header row');
  return { headers, sample };
}
