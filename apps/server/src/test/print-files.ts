import { writePsd } from 'ag-psd';
import { degrees, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Print files for the preflight tests, made with the libraries the preflight reads them with. */

/** The surface of the tests: 70 cm wide, 50 cm high, as the catalogue writes it. */
export const SURFACE_50X70 = { size: 'H50 x W70', width_mm: 700, height_mm: 500 } as const;

/** The pixels that give `dpi` across `mm` millimetres. */
export const pixelsAt = (dpi: number, mm: number) => Math.round((mm / 25.4) * dpi);

const PT_PER_MM = 72 / 25.4;

/** A flat image of width × height pixels: RGB, CMYK or grey, as PNG, JPEG or TIFF. */
export function rasterFile(opts: { width: number; height: number; format: 'png' | 'jpeg' | 'tiff'; space?: 'rgb' | 'cmyk' | 'grey' }): Promise<Buffer> {
  let image = sharp({ create: { width: opts.width, height: opts.height, channels: 3, background: { r: 200, g: 40, b: 60 } } });
  if (opts.space === 'cmyk') image = image.toColourspace('cmyk');
  if (opts.space === 'grey') image = image.toColourspace('b-w');
  if (opts.format === 'png') return image.png({ compressionLevel: 1 }).toBuffer();
  if (opts.format === 'jpeg') return image.jpeg({ quality: 60 }).toBuffer();
  return image.tiff({ compression: 'lzw' }).toBuffer();
}

/** The surface's aspect at `dpi`, as a file of that format. */
export const rasterAt = (dpi: number, format: 'png' | 'jpeg' | 'tiff', space: 'rgb' | 'cmyk' | 'grey' = 'rgb') =>
  rasterFile({ width: pixelsAt(dpi, SURFACE_50X70.width_mm), height: pixelsAt(dpi, SURFACE_50X70.height_mm), format, space });

/** A Photoshop file of width × height pixels in RGB, without layers. */
export const psdFile = (width: number, height: number) => Buffer.from(writePsd({ width, height, channels: 3, children: [] }, { noBackground: true }));

export interface PdfSpec {
  /** The trimmed size. */
  widthMm: number;
  heightMm: number;
  /** Media box larger by this on every side, with TrimBox and BleedBox. */
  bleedMm?: number;
  /** The page's media box is the size with bleed, without TrimBox or BleedBox. */
  bleedInMedia?: number;
  pages?: number;
  /** Text in Helvetica, a standard font that is not embedded. */
  standardFont?: boolean;
  /** A font dictionary with its program in the file (FontFile2). */
  embeddedFont?: boolean;
  /** An image of 100 × 100 mm at this resolution. */
  imageDpi?: number;
  rotate?: number;
}

export async function pdfFile(spec: PdfSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const bleed = (spec.bleedMm ?? spec.bleedInMedia ?? 0) * PT_PER_MM;
  const w = spec.widthMm * PT_PER_MM;
  const h = spec.heightMm * PT_PER_MM;
  for (let i = 0; i < (spec.pages ?? 1); i++) {
    const page = doc.addPage([w + 2 * bleed, h + 2 * bleed]);
    if (spec.bleedMm) {
      page.setTrimBox(bleed, bleed, w, h);
      page.setBleedBox(0, 0, w + 2 * bleed, h + 2 * bleed);
    }
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    if (i > 0) continue;
    if (spec.standardFont) page.drawText('Påske', { x: 40, y: 40, size: 48, font: await doc.embedFont(StandardFonts.Helvetica) });
    if (spec.embeddedFont) {
      const ctx = doc.context;
      const program = ctx.register(ctx.stream(new Uint8Array([0, 1, 0, 0, 0, 0]), {}));
      const descriptor = ctx.register(
        ctx.obj({ Type: 'FontDescriptor', FontName: 'ABCDEF+TestSans', Flags: 32, FontBBox: [0, 0, 1000, 1000], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80, FontFile2: program }),
      );
      page.node.setFontDictionary(PDFName.of('F9'), ctx.register(ctx.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'ABCDEF+TestSans', FontDescriptor: descriptor })));
    }
    if (spec.imageDpi) {
      const px = pixelsAt(spec.imageDpi, 100);
      const png = await sharp({ create: { width: px, height: px, channels: 3, background: '#3060c0' } }).png({ compressionLevel: 1 }).toBuffer();
      page.drawImage(await doc.embedPng(png), { x: bleed + 20, y: bleed + 20, width: 100 * PT_PER_MM, height: 100 * PT_PER_MM });
    }
  }
  return Buffer.from(await doc.save());
}
