import zlib from 'node:zlib';

/** One entry of a test archive: its name, its data as stored, and what the directory says it unpacks to. */
export interface ZipPart {
  name: string;
  data: Buffer;
  method: 0 | 8;
  uncompressed: number;
}

/** A part holding `text`, deflated and declared honestly. */
export const deflated = (name: string, text: string | Buffer): ZipPart => {
  const raw = Buffer.from(text);
  return { name, data: zlib.deflateRawSync(raw), method: 8, uncompressed: raw.length };
};

/**
 * A raw deflate stream of `mib` MiB of zeros, a few bytes per MiB: one fully flushed block (which
 * refers to nothing before it) repeated, then an empty final block. 2 GiB take about 2 MB.
 */
export function deflatedZeros(mib: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array<Buffer>(mib).fill(block), Buffer.from([0x03, 0x00])]);
}

/** A ZIP archive of the parts (local headers, data, central directory, end record), sizes as the parts declare. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    directory.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The parts of a one-sheet workbook exceljs reads: a header row and the rows given, as inline strings. */
export function workbookParts(rows: string[][]): ZipPart[] {
  const sheetRows = rows
    .map((r, i) => `<row r="${i + 1}">${r.map((text, c) => cell(`${String.fromCharCode(65 + c)}${i + 1}`, text)).join('')}</row>`)
    .join('');
  return [
    deflated(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    deflated(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Ark1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflated(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    deflated(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  ];
}

/**
 * A workbook with a bomb among its parts: `mib` MiB of zeros under `name`, which the directory
 * declares honestly, or as `declared` bytes when it lies.
 */
export function bombWorkbook(rows: string[][], bomb: { name: string; mib: number; declared?: number }): Buffer {
  const [types, workbook, rels, sheet] = workbookParts(rows);
  const part: ZipPart = { name: bomb.name, data: deflatedZeros(bomb.mib), method: 8, uncompressed: bomb.declared ?? bomb.mib * 1024 * 1024 };
  // The bomb before the sheet: a reader meets it before the rows.
  return zipOf([types!, workbook!, rels!, part, sheet!]);
}
