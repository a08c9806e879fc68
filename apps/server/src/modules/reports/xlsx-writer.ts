import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A small streaming .xlsx writer for one sheet of plain values: what the report needs and no more.
 * Rows are turned into sheet XML as they come and deflated straight into the zip on disk, so memory
 * stays flat whatever the size (exceljs's streaming writer spent ~10 µs and several objects per cell
 * on styles; 2,000 stations × 300 designs took seconds).
 */

/** Cell styles of the report: index = cellXfs index in styles.xml. */
export const XLSX_STYLES = { normal: 0, title: 1, header: 2, bold: 3, boldDecimal: 4 } as const;
export type XlsxStyle = keyof typeof XLSX_STYLES;

export interface XlsxRow {
  values: (string | number | null | undefined)[];
  /** Style of every written cell of the row. */
  style?: XlsxStyle;
  /** Style of the row's numbers, when it differs (e.g. two decimals). */
  numberStyle?: XlsxStyle;
}

export interface XlsxSheet {
  name: string;
  /** Column widths in characters, from column A. */
  widths: number[];
  /** Frozen columns and rows (the top-left pane). */
  frozen?: { columns: number; rows: number };
  rows: Iterable<XlsxRow>;
}

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="3"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>' +
  '<font><b/><sz val="14"/></font><font><b/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' +
  '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="2" fontId="2" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  xmlHead +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const ROOT_RELS =
  xmlHead +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  xmlHead +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const workbookXml = (sheetName: string) =>
  xmlHead + `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const coreXml = (created: Date) =>
  xmlHead +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `<dc:creator>Kampanjeportalen</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created></cp:coreProperties>`;

// Characters XML 1.0 cannot carry (controls other than tab and new lines, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export function escapeXml(text: string) {
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

const letters: string[] = [];
/** A (1), …, Z, AA, … for a column number. */
export function columnName(n: number): string {
  let name = letters[n];
  if (name) return name;
  name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return (letters[n] = name);
}

function cellXml(ref: string, value: string | number, style: number) {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

function sheetHead(sheet: XlsxSheet) {
  let xml = xmlHead + `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0">`;
  const f = sheet.frozen;
  if (f && (f.columns > 0 || f.rows > 0)) {
    const pane = f.columns > 0 && f.rows > 0 ? 'bottomRight' : f.columns > 0 ? 'topRight' : 'bottomLeft';
    const split = `${f.columns > 0 ? ` xSplit="${f.columns}"` : ''}${f.rows > 0 ? ` ySplit="${f.rows}"` : ''}`;
    xml += `<pane${split} topLeftCell="${columnName(f.columns + 1)}${f.rows + 1}" activePane="${pane}" state="frozen"/><selection pane="${pane}"/>`;
  }
  xml += '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>';
  if (sheet.widths.length) {
    xml += '<cols>';
    sheet.widths.forEach((w, i) => (xml += `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`));
    xml += '</cols>';
  }
  return xml + '<sheetData>';
}

/** The sheet XML in chunks of about 64 kB. */
function* sheetXml(sheet: XlsxSheet): Generator<Buffer> {
  let buf = sheetHead(sheet);
  let r = 0;
  for (const row of sheet.rows) {
    r++;
    const style = XLSX_STYLES[row.style ?? 'normal'];
    const numberStyle = row.numberStyle ? XLSX_STYLES[row.numberStyle] : style;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < row.values.length; i++) {
      const v = row.values[i];
      if (v === null || v === undefined) continue;
      xml += cellXml(columnName(i + 1) + r, v, typeof v === 'number' ? numberStyle : style);
    }
    buf += xml + '</row>';
    if (buf.length > 65_536) {
      yield Buffer.from(buf, 'utf8');
      buf = '';
    }
  }
  yield Buffer.from(buf + '</sheetData></worksheet>', 'utf8');
}

// CRC-32 for the zip: zlib's (Node ≥ 20.15) or a table.
let table: Int32Array | null = null;
function crc32(data: Buffer, prev = 0): number {
  const native = (zlib as unknown as { crc32?: (d: Buffer, v?: number) => number }).crc32;
  if (native) return native(data, prev);
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let crc = ~prev;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

function dosDateTime(d: Date) {
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return { time, date };
}

/** A zip written front to back: deflated entries with data descriptors, then the central directory. */
class ZipWriter {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number }[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: fs.WriteStream) {}

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async add(name: string, chunks: Iterable<Buffer>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(Buffer.concat([header, nameBytes]));

    const deflate = zlib.createDeflateRaw({ level: 6 });
    let compressed = 0;
    const pump = (async () => {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        compressed += out.length;
        await this.write(out);
      }
    })();
    let crc = 0;
    let size = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await pump;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, compressed, size, offset });
  }

  async finish() {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}

/** Writes a workbook of one sheet to `file`. */
export async function writeXlsx(file: string, sheet: XlsxSheet) {
  const out = fs.createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  const work = (async () => {
    const zip = new ZipWriter(out);
    const text = (s: string) => [Buffer.from(s, 'utf8')];
    await zip.add('[Content_Types].xml', text(CONTENT_TYPES));
    await zip.add('_rels/.rels', text(ROOT_RELS));
    await zip.add('docProps/core.xml', text(coreXml(new Date())));
    await zip.add('xl/workbook.xml', text(workbookXml(sheet.name)));
    await zip.add('xl/_rels/workbook.xml.rels', text(WORKBOOK_RELS));
    await zip.add('xl/styles.xml', text(STYLES_XML));
    await zip.add('xl/worksheets/sheet1.xml', sheetXml(sheet));
    await zip.finish();
    out.end();
    await once(out, 'finish');
  })();
  try {
    await Promise.race([work, failed]);
  } finally {
    if (!out.writableFinished) out.destroy();
  }
}
