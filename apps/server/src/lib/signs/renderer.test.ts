import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4Layout, backgroundPdf, productImage, sampleSign } from '../../test/sign-fixtures';
import { fieldBox, MM, pageGeometry } from './geometry';
import { SignDrawer } from './draw';
import { memorySink, PdfStream } from './pdf-stream';
import { planSign } from './plan';
import { checkSigns, generateSigns, rasterise } from './render';
import { createSignRenderer } from './runner';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-signs-'));
const bg = path.join(dir, 'bg.pdf');
const png = path.join(dir, 'photo.png');
const jpeg = path.join(dir, 'photo.jpg');
beforeAll(async () => {
  fs.writeFileSync(bg, await backgroundPdf());
  fs.writeFileSync(png, await productImage('png'));
  fs.writeFileSync(jpeg, await productImage('jpeg'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const pdfjs = (): Promise<PdfJs> => import('pdfjs-dist/legacy/build/pdf.mjs');

/** Each page's text as pdf.js extracts it (what a search in a PDF viewer finds), items joined by a space. */
async function pageTexts(file: string): Promise<{ texts: string[]; sizes: Array<Map<string, number>> }> {
  const lib = await pdfjs();
  const doc = await lib.getDocument({ data: new Uint8Array(fs.readFileSync(file)), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const texts: string[] = [];
  const sizes: Array<Map<string, number>> = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    const items = content.items.filter((i): i is typeof i & { str: string; transform: number[] } => 'str' in i && i.str !== '');
    texts.push(items.map((i) => i.str).join(' '));
    sizes.push(new Map(items.map((i) => [i.str, Math.abs(i.transform[3]!)])));
  }
  await doc.destroy();
  return { texts, sizes };
}

/** Every page's content stream, inflated. */
async function contents(file: string): Promise<string[]> {
  const doc = await PDFDocument.load(fs.readFileSync(file));
  return doc.getPages().map((page) => {
    const stream = doc.context.lookup(page.node.get(PDFName.of('Contents'))) as PDFRawStream;
    return zlib.inflateSync(stream.contents).toString('latin1');
  });
}

/** The EAN-13 zxing reads in a PNG's region (pixels). */
async function readEan(pngBytes: Uint8Array, region: { left: number; top: number; width: number; height: number }): Promise<string> {
  const { data, info } = await sharp(pngBytes).extract(region).extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  expect(info.channels).toBe(1);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height)));
  return reader.decode(bitmap, hints).getText();
}

const mmClose = (pt: number, mm: number) => expect(Math.abs(pt / MM - mm)).toBeLessThan(0.1);

describe('price signs: the PDF', () => {
  it('writes a page per sign at trim + bleed, with the prices in Norwegian form, CMYK only, in the worker thread', async () => {
    const layout = a4Layout();
    const signs = [
      sampleSign({}, { image_file: png }),
      sampleSign({ price_ore: 2900, previous_price_ore: null, valid_to: null, texts: { free: 'Kun i dag!' } }, { name: 'Kaffe Friele Frokost', net_quantity: 0.5, net_unit: 'kg', deposit_ore: 0, image_file: jpeg, ean: '7032069721216' }),
      sampleSign({ price_ore: 129_900 }, { name: 'Tine Lettmelk', net_quantity: 1.75, net_unit: 'l', image_file: null }),
    ];
    const out = path.join(dir, 'signs.pdf');
    const renderer = createSignRenderer();
    try {
      expect(await renderer.check({ layout, background: bg, signs })).toEqual([]);
      const outcome = await renderer.generate({ layout, background: bg, signs, out });
      expect(outcome).toEqual({ ok: true, pages: 3, bytes: fs.statSync(out).size });
    } finally {
      await renderer.close();
    }
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);

    const doc = await PDFDocument.load(fs.readFileSync(out));
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) {
      const trim = page.getTrimBox();
      const bleed = page.getBleedBox();
      mmClose(trim.width, 210);
      mmClose(trim.height, 297);
      mmClose(bleed.width, 216);
      mmClose(bleed.height, 303);
      mmClose(trim.x - bleed.x, 3);
      mmClose(trim.y - bleed.y, 3);
      mmClose(page.getMediaBox().width, 236);
    }

    const { texts, sizes } = await pageTexts(out);
    expect(texts[0]).toContain('Grøtris Ærlig Åkerbruk');
    expect(texts[0]).toContain('Orkla Foods');
    expect(texts[0]).toMatch(/49 90/);
    expect(texts[0]).toContain('Før 64,90');
    // 49.90 kr for 575 g: 4990 × 1000 / 575 = 8678.26 øre per kg.
    expect(texts[0]).toContain('kr 86,78/kg');
    expect(texts[0]).toContain('+ pant 3,00');
    expect(texts[0]).toContain('Gjelder t.o.m. 14.06.');
    expect(texts[0]).toContain('Tilbudet gjelder så langt lageret rekker');
    // Whole kroner: ',-'; the øre at under half the kroner's size.
    expect(texts[1]).toMatch(/29 ,-/);
    expect(sizes[1]!.get(',-')!).toBeLessThan(sizes[1]!.get('29')! / 2);
    // 29.00 kr for 0.5 kg → 58.00 per kg; no deposit, no previous price, no validity on this one.
    expect(texts[1]).toContain('kr 58,00/kg');
    expect(texts[1]).toContain('Kun i dag!');
    expect(texts[1]).not.toMatch(/pant|Før|Gjelder/);
    // 1 299.00 kr for 1.75 l → 742.29 per litre; the kroner grouped with a no-break space.
    expect(texts[2]).toMatch(/1[\s\u00a0]299 ,-/);
    expect(texts[2]).toContain('kr 742,29/l');

    for (const content of await contents(out)) {
      expect(content).not.toMatch(/(^|\s)(rg|RG|sc|SC|scn|SCN|cs|CS)(\s|$)/);
      expect(content).toMatch(/ k\n/);
      // Crop marks in K 100, 0.25 pt.
      expect(content).toContain('0 0 0 1 K 0.25 w');
    }
    // Fonts are embedded as subsets: a few KiB each, not Roboto's ~60 KiB.
    const fontFiles = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const d of fontFiles) {
      const file = doc.context.lookup(d.get(PDFName.of('FontFile2')) ?? d.get(PDFName.of('FontFile3'))) as PDFRawStream;
      expect(file.contents.length).toBeLessThan(25_000);
    }
    expect(doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).keys().length).toBe(2);
  }, 60_000);

  it('draws an EAN-13 a scanner reads back', async () => {
    const layout = a4Layout();
    const out = path.join(dir, 'ean.pdf');
    expect(await generateSigns({ layout, background: bg, signs: [sampleSign({}, { ean: '7032069721216' })], out })).toMatchObject({ ok: true });
    const widthPx = 1400;
    const { png: page } = await rasterise(new Uint8Array(fs.readFileSync(out)), widthPx);
    const geo = pageGeometry(layout);
    const scale = widthPx / geo.media.width;
    const box = fieldBox(layout.fields.find((f) => f.id === 'ean')!, geo);
    const region = {
      left: Math.floor(box.left * scale),
      top: Math.floor((geo.media.height - box.bottom - box.height) * scale),
      width: Math.ceil(box.width * scale),
      height: Math.ceil(box.height * scale),
    };
    expect(await readEan(page, region)).toBe('7032069721216');
  }, 60_000);
});

describe('price signs: images in CMYK', () => {
  it('embeds product images and a raster background as DeviceCMYK that still look as they did', async () => {
    const red = path.join(dir, 'red.png');
    const yellow = path.join(dir, 'yellow.png');
    fs.writeFileSync(red, await sharp({ create: { width: 600, height: 440, channels: 3, background: '#e01010' } }).png().toBuffer());
    // 216 × 303 mm (trim + bleed) at 300 dpi.
    fs.writeFileSync(yellow, await sharp({ create: { width: 2551, height: 3579, channels: 3, background: '#ffe680' } }).png().toBuffer());
    const layout = a4Layout();
    const out = path.join(dir, 'cmyk.pdf');
    expect(await generateSigns({ layout, background: yellow, signs: [sampleSign({}, { image_file: red })], out })).toMatchObject({ ok: true });

    const doc = await PDFDocument.load(fs.readFileSync(out));
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFRawStream => 'dict' in o && (o as PDFRawStream).dict.get(PDFName.of('Subtype')) === PDFName.of('Image') && (o as PDFRawStream).dict.get(PDFName.of('Filter')) === PDFName.of('DCTDecode'));
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceCMYK'));
      const jpegMeta = await sharp(Buffer.from(image.contents)).metadata();
      expect(jpegMeta).toMatchObject({ space: 'cmyk', channels: 4 });
      // No 940 KB profile in each copy.
      expect(jpegMeta.icc).toBeUndefined();
    }

    // Drawn back by pdf.js: red where the image is, yellow around it (the page is trim + bleed + 10 mm for the marks).
    const width = 944;
    const { png: drawn } = await rasterise(new Uint8Array(fs.readFileSync(out)), width);
    const { data, info } = await sharp(drawn).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mediaMm = 236;
    const at = (xMm: number, yMm: number) => {
      const i = (Math.round((yMm * info.width) / mediaMm) * info.width + Math.round((xMm * info.width) / mediaMm)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const image = layout.fields.find((f) => f.kind === 'image')!;
    const [r, g, b] = at(10 + image.x + image.width / 2, 10 + image.y + image.height / 2);
    expect(r).toBeGreaterThan(170);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
    const [yr, yg, yb] = at(10 + 3, 10 + 150);
    expect(yr).toBeGreaterThan(200);
    expect(yg).toBeGreaterThan(190);
    expect(yb).toBeLessThan(170);
  }, 60_000);
});

describe('price signs: memory', () => {
  it('keeps no page in memory once it is written: what is held after 1 page is what is held after 60', async () => {
    const layout = a4Layout();
    const geo = pageGeometry(layout);
    const out = await PdfStream.start(memorySink());
    const drawer = await SignDrawer.create(out, geo, bg);
    const held: number[] = [];
    for (let i = 0; i < 60; i++) {
      const sign = sampleSign({ price_ore: 1000 + i }, { name: `Vare nummer ${i}`, image_file: i % 2 ? png : jpeg });
      await drawer.page(planSign(layout, sign, i, geo), i);
      if (i === 0 || i === 59) held.push(out.context.enumerateIndirectObjects().length);
    }
    expect(held[1]).toBe(held[0]);
    expect(out.pageCount).toBe(60);
  }, 60_000);
});

describe('price signs: refusals', () => {
  const layout = a4Layout();
  const refused = async (signs: ReturnType<typeof sampleSign>[], l = layout) => {
    const out = path.join(dir, `refused-${Math.random()}.pdf`);
    const before = fs.readdirSync(dir).length;
    const outcome = await generateSigns({ layout: l, background: null, signs, out });
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir).length).toBe(before);
    expect(await checkSigns({ layout: l, background: null, signs })).toEqual(outcome.ok ? [] : outcome.problems);
    return outcome.ok ? [] : outcome.problems;
  };

  it('refuses a sign without a price or with a price of zero or less, naming the sign and the field', async () => {
    expect(await refused([sampleSign(), sampleSign({ price_ore: Number.NaN })])).toEqual([{ sign: 1, field: 'price', code: 'price_required' }]);
    expect(await refused([sampleSign({ price_ore: null as unknown as number })])).toEqual([{ sign: 0, field: 'price', code: 'price_required' }]);
    expect(await refused([sampleSign({ price_ore: 0 }), sampleSign({ price_ore: -100 })])).toEqual([
      { sign: 0, field: 'price', code: 'price_positive' },
      { sign: 1, field: 'price', code: 'price_positive' },
    ]);
  });

  it('refuses a wrong EAN check digit when the template prints the barcode, and only then', async () => {
    const wrong = sampleSign({}, { ean: '7038010009458' });
    expect(await refused([wrong])).toEqual([{ sign: 0, field: 'ean', code: 'ean_check_digit' }]);
    const withoutBarcode = { ...layout, fields: layout.fields.filter((f) => f.kind !== 'ean') };
    expect(await checkSigns({ layout: withoutBarcode, background: null, signs: [wrong] })).toEqual([]);
  });

  it('refuses a unit price without the product’s net quantity', async () => {
    expect(await refused([sampleSign({}, { net_quantity: null }), sampleSign({}, { net_unit: null })])).toEqual([
      { sign: 0, field: 'unit', code: 'net_quantity_missing' },
      { sign: 1, field: 'unit', code: 'net_quantity_missing' },
    ]);
  });

  it('shrinks a long name down to its minimum size, then refuses it', async () => {
    const long = 'Grandiosa Original Pizza med ekstra ost og skinke, stor familiepakke';
    const out = path.join(dir, 'shrunk.pdf');
    expect(await generateSigns({ layout, background: null, signs: [sampleSign({}, { name: long })], out })).toMatchObject({ ok: true });
    const { sizes } = await pageTexts(out);
    const drawn = [...sizes[0]!].filter(([text]) => long.includes(text)).map(([, size]) => size);
    expect(Math.max(...drawn)).toBeLessThan(48);
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(20);
    expect(await refused([sampleSign({}, { name: Array(6).fill(long).join(' ') })])).toEqual([{ sign: 0, field: 'name', code: 'does_not_fit' }]);
    // An editable free text that is too long for its box.
    expect(await refused([sampleSign({ texts: { free: 'Supertilbud '.repeat(20) } })])).toEqual([{ sign: 0, field: 'free', code: 'does_not_fit' }]);
    // A price too wide for its box at its minimum size.
    const narrow = a4Layout({ price: { width: 40 } });
    expect(await refused([sampleSign({ price_ore: 129_900 })], narrow)).toEqual([{ sign: 0, field: 'price', code: 'does_not_fit' }]);
  });
});

describe('price signs: what would print as nothing', () => {
  const layout = a4Layout();

  it('refuses a character the font does not have (it would print as nothing); the letters of Europe’s Latin alphabets it has', async () => {
    const out = path.join(dir, 'glyphs.pdf');
    const refused = await generateSigns({ layout, background: null, signs: [sampleSign({}, { name: 'Jordbærbrus 🍓' }), sampleSign({ texts: { free: 'Ukens ★ tilbud' } })], out });
    expect(refused).toEqual({ ok: false, problems: [{ sign: 0, field: 'name', code: 'glyph_missing' }, { sign: 1, field: 'free', code: 'glyph_missing' }] });
    expect(fs.existsSync(out)).toBe(false);
    const latin = 'Łosoś wędzony – Ćevapčići, Æbleskiver, Smørbrød, Crème brûlée';
    expect(await generateSigns({ layout, background: null, signs: [sampleSign({}, { name: latin })], out })).toMatchObject({ ok: true });
    // Every letter drawn (pdf.js gives each run of the latin and latin-ext subsets as an item of its own).
    expect((await pageTexts(out)).texts[0]!.replace(/\s+/g, '')).toContain(latin.replace(/\s+/g, ''));
  });

  it('refuses a product image that cannot be read, naming the sign and its image field; the preview outlines it', async () => {
    const broken = path.join(dir, 'broken.jpg');
    fs.writeFileSync(broken, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    const out = path.join(dir, 'broken-image.pdf');
    const signs = [sampleSign({}, { image_file: png }), sampleSign({}, { image_file: broken })];
    expect(await generateSigns({ layout, background: null, signs, out })).toEqual({ ok: false, problems: [{ sign: 1, field: 'image', code: 'image_unreadable' }] });
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
    const renderer = createSignRenderer();
    try {
      const preview = await renderer.preview({ layout, background: null, sign: signs[1]!, width_px: 300 });
      expect(preview).toMatchObject({ ok: true, problems: [{ sign: 0, field: 'image', code: 'image_unreadable' }] });
    } finally {
      await renderer.close();
    }
  });
});

describe('price signs: the preview', () => {
  it('rasterises one sign at the width asked, outlining a field that does not fit in red', async () => {
    const layout = a4Layout();
    const renderer = createSignRenderer();
    try {
      const sign = sampleSign({ texts: { free: 'Supertilbud '.repeat(20) } }, { image_file: png });
      const preview = await renderer.preview({ layout, background: bg, sign, width_px: 600 });
      if (!preview.ok) throw new Error('preview refused');
      expect(preview.problems).toEqual([{ sign: 0, field: 'free', code: 'does_not_fit' }]);
      expect(preview.width_px).toBe(600);
      // Trim + bleed: 216 × 303 mm.
      expect(preview.height_px).toBe(Math.round((600 * 303) / 216));
      const { data, info } = await sharp(preview.png).raw().toBuffer({ resolveWithObject: true });
      const px = (xMm: number, yMm: number) => {
        const i = (Math.round((yMm * info.height) / 303) * info.width + Math.round((xMm * info.width) / 216)) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      // The free text's box (x 15, y 220, 90 wide) is outlined: its top edge, 3 mm bleed in.
      const red = ([r, g, b]: number[]) => r! > 180 && g! < 90 && b! < 90;
      const steps = Array.from({ length: 13 }, (_, i) => -1.5 + i * 0.25);
      const near = steps.map((d) => px(3 + 60, 3 + 220 + d));
      expect(near.some(red)).toBe(true);
      // Not where nothing is wrong: the name's box.
      expect(steps.map((d) => px(3 + 60, 3 + 20 + d)).some(red)).toBe(false);
      // The background's yellow shows elsewhere.
      const [yr, yg, yb] = px(100, 80);
      expect(yr).toBeGreaterThan(200);
      expect(yg).toBeGreaterThan(200);
      expect(yb).toBeLessThan(200);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
