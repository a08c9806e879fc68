import fs from 'node:fs';
import { PDFArray, PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef } from 'pdf-lib';
import { PRIVATE_FILE } from '../private-files';

/*
 * A PDF written as it is made (decision 042, 2,000 signs): pdf-lib builds the objects in its
 * context, and each page's objects go to the output and leave the context as soon as the page is
 * done. What pages share (fonts, background) is written at the end, with our own xref table and
 * trailer. Memory stays that of one page plus what pages share.
 */

export interface Sink {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

const CHUNK = 1 << 20;

/** A file created 0600 (never over an existing one), written in 1 MiB chunks. */
export async function fileSink(file: string): Promise<Sink> {
  const handle = await fs.promises.open(file, 'wx', PRIVATE_FILE);
  let buffer = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const flush = async () => {
    if (used) await handle.write(buffer, 0, used);
    used = 0;
  };
  return {
    async write(bytes) {
      if (used + bytes.length > CHUNK) await flush();
      if (bytes.length > CHUNK) await handle.write(bytes);
      else {
        buffer.set(bytes, used);
        used += bytes.length;
      }
    },
    async close() {
      await flush();
      buffer = Buffer.alloc(0);
      await handle.close();
    },
  };
}

/** Bytes kept in memory (the preview's one page). */
export function memorySink(): Sink & { bytes(): Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    async write(bytes) {
      chunks.push(bytes.slice());
    },
    async close() {},
    bytes: () => new Uint8Array(Buffer.concat(chunks)),
  };
}

const ascii = (s: string) => new TextEncoder().encode(s);

export class PdfStream {
  private position = 0;
  private readonly offsets = new Map<number, number>();
  private readonly pageRefs: PDFRef[] = [];

  private constructor(
    readonly doc: PDFDocument,
    private readonly sink: Sink,
  ) {}

  static async start(sink: Sink): Promise<PdfStream> {
    const doc = await PDFDocument.create();
    doc.setProducer('promo-print price signs');
    doc.setCreator('promo-print');
    const stream = new PdfStream(doc, sink);
    // The binary comment tells transfer tools the file is binary.
    await stream.raw(Uint8Array.from([...ascii('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
    return stream;
  }

  get context() {
    return this.doc.context;
  }

  get pagesRef(): PDFRef {
    return this.doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  }

  private async raw(bytes: Uint8Array) {
    await this.sink.write(bytes);
    this.position += bytes.length;
  }

  /** Writes one indirect object now and drops it from the context. */
  async flush(ref: PDFRef): Promise<void> {
    const object = this.context.lookup(ref);
    if (!object) return;
    await this.writeObject(ref, object);
    this.context.delete(ref);
  }

  private async writeObject(ref: PDFRef, object: PDFObject) {
    this.offsets.set(ref.objectNumber, this.position);
    const head = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    await this.raw(head);
    await this.raw(body);
    await this.raw(ascii('\nendobj\n'));
  }

  /** A page the caller has registered and flushed; it joins the page tree at the end. */
  addPage(ref: PDFRef) {
    this.pageRefs.push(ref);
  }

  get pageCount() {
    return this.pageRefs.length;
  }

  /** The page tree, whatever is left in the context, the xref table and trailer; closes the sink. Bytes written. */
  async finish(): Promise<number> {
    const pages = this.context.lookup(this.pagesRef) as unknown as { set(k: PDFName, v: PDFObject): void };
    pages.set(PDFName.of('Kids'), this.context.obj(this.pageRefs) as PDFArray);
    pages.set(PDFName.of('Count'), PDFNumber.of(this.pageRefs.length));
    for (const [ref, object] of this.context.enumerateIndirectObjects()) await this.writeObject(ref, object);
    const size = this.context.largestObjectNumber + 1;
    const xref = this.position;
    let table = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
    for (let n = 1; n < size; n++) {
      const offset = this.offsets.get(n);
      table += offset === undefined ? '0000000000 00001 f\r\n' : `${String(offset).padStart(10, '0')} 00000 n\r\n`;
    }
    const { Root, Info } = this.context.trailerInfo;
    table += `trailer\n<< /Size ${size} /Root ${String(Root)}${Info ? ` /Info ${String(Info)}` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
    await this.raw(ascii(table));
    await this.sink.close();
    return this.position;
  }
}

export { PDFRef };
