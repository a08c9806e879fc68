import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import type { SignFont } from '@promo/shared';

/*
 * The shipped open fonts (decision 042): Roboto for sans, Roboto Slab for serif, 400 and 700, from
 * @fontsource. Each face is two files, 'latin' (æøåÆØÅ are in it) and 'latin-ext' (Ł, Ő, ...);
 * a character the first lacks is drawn from the second. The .woff files, not .woff2: fontkit
 * cannot subset .woff2. Each is unpacked to a plain TrueType file once per thread: fontkit reads a
 * .woff's compressed tables again at each glyph, which made one preview's four subsets 200–400 ms.
 */

const FILES: Record<SignFont, string> = {
  sans: 'roboto/files/roboto-{set}-400-normal.woff',
  'sans-bold': 'roboto/files/roboto-{set}-700-normal.woff',
  serif: 'roboto-slab/files/roboto-slab-{set}-400-normal.woff',
  'serif-bold': 'roboto-slab/files/roboto-slab-{set}-700-normal.woff',
};
export const FONT_SETS = ['latin', 'latin-ext'] as const;
export type FontSet = (typeof FONT_SETS)[number];

const require = createRequire(import.meta.url);
const bytesCache = new Map<string, Uint8Array>();

/** WOFF 1.0 (W3C) → the TrueType/OpenType file it packs: the tables inflated, 4-byte aligned. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const packed = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(packed) : packed };
  });
  const head = 12 + 16 * numTables;
  const size = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), head);
  const out = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(16 * 2 ** entrySelector, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - 16 * 2 ** entrySelector, 10);
  let offset = head;
  tables.forEach((t, i) => {
    out.writeUInt32BE(t.tag, 12 + i * 16);
    out.writeUInt32BE(t.checksum, 16 + i * 16);
    out.writeUInt32BE(offset, 20 + i * 16);
    out.writeUInt32BE(t.data.length, 24 + i * 16);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

/** A font's TrueType bytes, read and unpacked once per thread. */
export function fontBytes(font: SignFont, set: FontSet): Uint8Array {
  const key = `${font}/${set}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = new Uint8Array(woffToSfnt(fs.readFileSync(require.resolve(`@fontsource/${FILES[font].replace('{set}', set)}`))));
    bytesCache.set(key, bytes);
  }
  return bytes;
}

/** A stretch of text drawn from one file of a face. */
export interface Run {
  set: FontSet;
  text: string;
}

export interface Face {
  /** Of the 'latin' file, per unit of size. */
  ascent: number;
  descent: number;
  capHeight: number;
  runs(text: string): Run[];
  /** The characters of `text` neither file of the font has (white space aside): they would print as nothing. */
  missing(text: string): string[];
  /** Width in points at `size` points. */
  width(text: string, size: number): number;
}

type KitFont = ReturnType<typeof fontkit.create>;
const faces = new Map<SignFont, Face>();

function makeFace(font: SignFont): Face {
  const kit = Object.fromEntries(FONT_SETS.map((set) => [set, fontkit.create(fontBytes(font, set) as Buffer)])) as Record<FontSet, KitFont>;
  const main = kit.latin;
  const widths = new Map<string, number>();
  const runs = (text: string): Run[] => {
    const out: Run[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const set: FontSet = main.hasGlyphForCodePoint(cp) || !kit['latin-ext'].hasGlyphForCodePoint(cp) ? 'latin' : 'latin-ext';
      const last = out.at(-1);
      if (last?.set === set) last.text += ch;
      else out.push({ set, text: ch });
    }
    return out;
  };
  const unitWidth = (text: string) => {
    let w = widths.get(text);
    if (w === undefined) {
      w = 0;
      // Glyph advances without kerning: what the PDF's Tj draws with the embedded widths.
      for (const run of runs(text)) for (const glyph of kit[run.set].layout(run.text).glyphs) w += glyph.advanceWidth / kit[run.set].unitsPerEm;
      if (widths.size > 20_000) widths.clear();
      widths.set(text, w);
    }
    return w;
  };
  return {
    ascent: main.ascent / main.unitsPerEm,
    descent: main.descent / main.unitsPerEm,
    capHeight: main.capHeight / main.unitsPerEm,
    runs,
    missing: (text) => [...new Set([...text].filter((ch) => !/\s/u.test(ch) && !FONT_SETS.some((set) => kit[set].hasGlyphForCodePoint(ch.codePointAt(0)!))))],
    width: (text, size) => unitWidth(text) * size,
  };
}

/** The face of a field's font, parsed once per thread. */
export function face(font: SignFont): Face {
  let f = faces.get(font);
  if (!f) {
    f = makeFace(font);
    faces.set(font, f);
  }
  return f;
}
