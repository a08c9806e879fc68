import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { SignFont } from '@promo/shared';

/*
 * The shipped open fonts (decision 042): Roboto for sans, Roboto Slab for serif, 400 and 700, from
 * @fontsource. Each face is two files, 'latin' (æøåÆØÅ are in it) and 'latin-ext' (Ł, Ő, ...);
 * a character the first lacks is drawn from the second. The .woff files, not .woff2: fontkit
 * cannot subset .woff2.
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

/** A font file's bytes, read once per thread. */
export function fontBytes(font: SignFont, set: FontSet): Uint8Array {
  const key = `${font}/${set}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = new Uint8Array(fs.readFileSync(require.resolve(`@fontsource/${FILES[font].replace('{set}', set)}`)));
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
