import fs from 'node:fs';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import type { SignFont, SignProblem } from '@promo/shared';
import { cmykJpeg, toCmyk } from './cmyk';
import { fontBytes, face, type FontSet } from './fonts';
import { MM, pdfRect, type Box, type PageGeometry } from './geometry';
import type { Cmyk, Item, SignPlan } from './plan';
import type { PdfStream } from './pdf-stream';

/*
 * Draws planned signs into a PdfStream: DeviceCMYK only (no rg/RG in any page's content), the
 * shared fonts (subset) and background embedded once, each product image once per file, crop
 * marks in K 100 outside the bleed.
 */

/** Images are embedded at no more than this resolution at their drawn size. */
const MAX_DPI = 300;

const num = (v: number) => String(Math.round(v * 1000) / 1000);
const fill = (c: Cmyk) => `${c.map((v) => num(v / 100)).join(' ')} k`;
const rect = (b: Box) => `${num(b.left)} ${num(b.bottom)} ${num(b.width)} ${num(b.height)} re`;

interface Placed {
  ref: PDFRef;
  width: number;
  height: number;
}

/** A file's identity for caches: path, size and modification time. */
const stamp = (file: string) => {
  const s = fs.statSync(file);
  return `${file}:${s.size}:${s.mtimeMs}`;
};

/** A background PDF read once per thread (the preview is asked again and again). */
let backgroundPdf: { key: string; doc: PDFDocument } | null = null;
async function loadBackgroundPdf(file: string) {
  const key = stamp(file);
  if (backgroundPdf?.key !== key) backgroundPdf = { key, doc: await PDFDocument.load(await fs.promises.readFile(file), { ignoreEncryption: true, updateMetadata: false }) };
  return backgroundPdf.doc;
}

/**
 * An image as a CMYK JPEG plus an optional 8-bit alpha, resized to at most MAX_DPI at `box`. CMYK
 * by libvips' built-in CMYK profile (cmyk.ts; not attached: 940 KB a copy); libvips writes CMYK JPEGs
 * inverted, as Photoshop does, hence the XObject's inverted Decode.
 */
interface Raster {
  jpeg: Buffer;
  alpha: Buffer | null;
  width: number;
  height: number;
}
const rasters = new Map<string, Raster>();

/** Every fourth byte of RGBA pixels. */
function alphaChannel(rgba: Buffer): Buffer {
  const alpha = Buffer.allocUnsafe(rgba.length / 4);
  for (let p = 0, q = 3; p < alpha.length; p++, q += 4) alpha[p] = rgba[q]!;
  return alpha;
}
async function raster(file: string, box: Box, fit: 'inside' | 'fill', dpi: number): Promise<Raster> {
  const maxW = Math.max(1, Math.ceil((box.width / 72) * dpi));
  const maxH = Math.max(1, Math.ceil((box.height / 72) * dpi));
  const key = `${stamp(file)}:${maxW}x${maxH}:${fit}`;
  const cached = rasters.get(key);
  if (cached) return cached;
  const meta = await sharp(file).metadata();
  // Decoded and resized once (a photo's decode is a third of its cost), then encoded from the pixels.
  const { data, info } = await sharp(file, { failOn: 'none' })
    .rotate()
    .resize({ width: maxW, height: maxH, fit, withoutEnlargement: fit === 'inside' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const jpeg = await cmykJpeg(await toCmyk(data, 4), info.width, info.height, 90);
  const alpha = meta.hasAlpha && fit === 'inside' ? zlib.deflateSync(alphaChannel(data)) : null;
  const r = { jpeg, alpha, width: info.width, height: info.height };
  if (rasters.size >= 32) rasters.delete(rasters.keys().next().value!);
  rasters.set(key, r);
  return r;
}

/**
 * fontkit for pdf-lib with the parsed fonts kept: pdf-lib parses a font's file at each embedFont,
 * about 20 ms a file here, which each preview paid. A subset is made per document all the same.
 */
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachingFontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes as Buffer);
      parsed.set(bytes, font);
    }
    return font;
  },
} as unknown as typeof fontkit;

export class SignDrawer {
  private readonly fonts = new Map<string, { font: PDFFont; name: string }>();
  private background: { name: string; ref: PDFRef; ops: string } | null = null;
  private readonly images = new Map<string, Placed>();

  private constructor(
    private readonly out: PdfStream,
    private readonly geo: PageGeometry,
    private readonly dpi: number,
  ) {
    out.doc.registerFontkit(cachingFontkit);
  }

  /**
   * A drawer with the background (PDF page 1, PNG or JPEG, or none) embedded once. `maxDpi`: the
   * images' resolution at their drawn size, at most (300 for print; the preview asks for less).
   */
  static async create(out: PdfStream, geo: PageGeometry, background: string | null, maxDpi = MAX_DPI): Promise<SignDrawer> {
    const drawer = new SignDrawer(out, geo, Math.min(MAX_DPI, maxDpi));
    if (background) await drawer.embedBackground(background);
    return drawer;
  }

  private async embedBackground(file: string) {
    const { bleed } = this.geo;
    const head = Buffer.alloc(5);
    const fd = await fs.promises.open(file, 'r');
    await fd.read(head, 0, 5, 0);
    await fd.close();
    if (head.toString('latin1') === '%PDF-') {
      const src = await loadBackgroundPdf(file);
      const page = src.getPage(0);
      const box = page.getBleedBox();
      const embedded = await this.out.doc.embedPage(page, { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height });
      await embedded.embed();
      const ops = `q ${num(bleed.width / embedded.width)} 0 0 ${num(bleed.height / embedded.height)} ${num(bleed.left)} ${num(bleed.bottom)} cm /Bg Do Q`;
      this.background = { name: 'Bg', ref: embedded.ref, ops };
    } else {
      const placed = await this.embedRaster(await raster(file, bleed, 'fill', this.dpi));
      this.background = { name: 'Bg', ref: placed.ref, ops: `q ${num(bleed.width)} 0 0 ${num(bleed.height)} ${num(bleed.left)} ${num(bleed.bottom)} cm /Bg Do Q` };
    }
  }

  /** An image XObject written to the output at once (it leaves memory). */
  private async embedRaster(r: Raster): Promise<Placed> {
    const ctx = this.out.context;
    let smask: PDFRef | undefined;
    if (r.alpha) {
      smask = ctx.register(
        ctx.stream(r.alpha, { Type: 'XObject', Subtype: 'Image', Width: r.width, Height: r.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }),
      );
      await this.out.flush(smask);
    }
    const ref = ctx.register(
      ctx.stream(r.jpeg, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: r.width,
        Height: r.height,
        ColorSpace: 'DeviceCMYK',
        Decode: [1, 0, 1, 0, 1, 0, 1, 0],
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
        ...(smask ? { SMask: smask } : {}),
      }),
    );
    await this.out.flush(ref);
    return { ref, width: r.width, height: r.height };
  }

  private async font(font: SignFont, set: FontSet) {
    const key = `${font}/${set}`;
    let f = this.fonts.get(key);
    if (!f) {
      f = { font: await this.out.doc.embedFont(fontBytes(font, set), { subset: true }), name: `F${this.fonts.size + 1}` };
      this.fonts.set(key, f);
    }
    return f;
  }

  private async image(file: string, box: Box): Promise<Placed | null> {
    const key = `${file}:${num(box.width)}x${num(box.height)}`;
    let placed = this.images.get(key);
    if (!placed) {
      try {
        placed = await this.embedRaster(await raster(file, box, 'inside', this.dpi));
      } catch {
        // Said by page() as the field's image_unreadable problem.
        return null;
      }
      this.images.set(key, placed);
    }
    return placed;
  }

  private cropMarks(): string {
    const { trim } = this.geo;
    // From 2 mm outside the bleed, 6 mm long: within the 10 mm the media box adds.
    const start = trim.left - this.geo.bleed.left + 2 * MM;
    const length = 6 * MM;
    const ops: string[] = ['q 0 0 0 1 K 0.25 w 0 J'];
    const xs = [trim.left, trim.left + trim.width];
    const ys = [trim.bottom, trim.bottom + trim.height];
    for (const [i, x] of xs.entries()) {
      const dir = i === 0 ? -1 : 1;
      for (const y of ys) ops.push(`${num(x + dir * start)} ${num(y)} m ${num(x + dir * (start + length))} ${num(y)} l S`);
    }
    for (const [i, y] of ys.entries()) {
      const dir = i === 0 ? -1 : 1;
      for (const x of xs) ops.push(`${num(x)} ${num(y + dir * start)} m ${num(x)} ${num(y + dir * (start + length))} l S`);
    }
    ops.push('Q');
    return ops.join('\n');
  }

  private async drawItem(item: Item, fonts: Map<string, PDFRef>, xobjects: Map<string, PDFRef>, unreadable: string[]): Promise<string> {
    if (item.kind === 'rects') return `${fill(item.color)}\n${item.rects.map(rect).join('\n')} f`;
    if (item.kind === 'image') {
      const placed = await this.image(item.file, item.box);
      if (!placed) {
        unreadable.push(item.field);
        return '';
      }
      const scale = Math.min(item.box.width / placed.width, item.box.height / placed.height);
      const w = placed.width * scale;
      const h = placed.height * scale;
      const x = item.align === 'left' ? item.box.left : item.align === 'right' ? item.box.left + item.box.width - w : item.box.left + (item.box.width - w) / 2;
      const y = item.box.bottom + (item.box.height - h) / 2;
      const name = `Im${xobjects.size + 1}`;
      xobjects.set(name, placed.ref);
      return `q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /${name} Do Q`;
    }
    const f = face(item.font);
    const ops = [fill(item.color), 'BT'];
    for (const line of item.lines) {
      ops.push(`1 0 0 1 ${num(line.x)} ${num(line.y)} Tm`);
      for (const run of f.runs(line.text)) {
        const { font, name } = await this.font(item.font, run.set);
        fonts.set(name, font.ref);
        ops.push(`/${name} ${num(line.size)} Tf ${font.encodeText(run.text).toString()} Tj`);
      }
    }
    ops.push('ET');
    if (item.strike) {
      const s = item.strike;
      ops.push(item.lines.map((l, i) => rect({ left: l.x, bottom: l.y + s.rise - s.thickness / 2, width: s.widths[i]!, height: s.thickness })).join('\n') + ' f');
    }
    return ops.join('\n');
  }

  /**
   * One page, written to the output at once. `outline`: the problem fields' boxes in red (preview
   * only). Gives back what only drawing finds: the image fields whose file could not be read.
   */
  async page(plan: SignPlan, sign: number, opts: { outline?: boolean; cropToBleed?: boolean } = {}): Promise<SignProblem[]> {
    const ctx = this.out.context;
    const fonts = new Map<string, PDFRef>();
    const xobjects = new Map<string, PDFRef>();
    const ops: string[] = [];
    if (this.background) {
      xobjects.set(this.background.name, this.background.ref);
      ops.push(this.background.ops);
    }
    const unreadable: string[] = [];
    for (const item of plan.items) ops.push(`q\n${await this.drawItem(item, fonts, xobjects, unreadable)}\nQ`);
    const found = unreadable.map((field): SignProblem => ({ sign, field, code: 'image_unreadable' }));
    if (opts.outline) {
      for (const p of [...plan.problems, ...found]) {
        const box = p.field ? plan.boxes.get(p.field) : undefined;
        if (box) ops.push(`q 0 1 1 0 K 1.5 w ${rect(box)} S Q`);
      }
    }
    ops.push(this.cropMarks());
    const content = ctx.register(ctx.stream(zlib.deflateSync(Buffer.from(ops.join('\n'), 'latin1')), { Filter: 'FlateDecode' }));
    await this.out.flush(content);
    const { media, bleed, trim } = this.geo;
    const page = ctx.register(
      ctx.obj({
        Type: 'Page',
        Parent: this.out.pagesRef,
        MediaBox: pdfRect(media),
        ...(opts.cropToBleed ? { CropBox: pdfRect(bleed) } : {}),
        BleedBox: pdfRect(bleed),
        TrimBox: pdfRect(trim),
        Resources: {
          Font: Object.fromEntries(fonts),
          XObject: Object.fromEntries(xobjects),
        },
        Contents: content,
      }),
    );
    await this.out.flush(page);
    this.out.addPage(page);
    return found;
  }

  /** Embeds the font subsets (every glyph the pages used) and ends the file. Bytes written. */
  async finish(): Promise<number> {
    for (const { font } of this.fonts.values()) await font.embed();
    return this.out.finish();
  }
}
