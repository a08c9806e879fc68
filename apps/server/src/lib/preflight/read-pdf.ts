import fs from 'node:fs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import type { Box, PdfFacts } from './checks';

/** Larger images are left out of the resolution check rather than decoded (pdf.js decodes what it lists). */
const MAX_DECODED_IMAGE_PIXELS = 60_000_000;
const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3'].map((k) => PDFName.of(k));

type PdfLibDoc = Awaited<ReturnType<typeof PDFDocument.load>>;

/** PDF: the structure from pdf-lib, the images placed on the first page from pdf.js. */
export async function readPdfFacts(file: string): Promise<PdfFacts> {
  const bytes = await fs.promises.readFile(file);
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const pages = doc.getPages();
  const first = pages[0];
  const mediaBox = first && boxOf(first.node.MediaBox());
  if (!first || !mediaBox) throw new Error('no page size');
  const facts: PdfFacts = {
    pages: pages.length,
    mediaBox,
    trimBox: boxOf(first.node.TrimBox()),
    bleedBox: boxOf(first.node.BleedBox()),
    rotation: (((first.getRotation().angle % 360) + 360) % 360),
    fonts: fontsOf(doc),
    images: null,
  };
  // pdf.js takes the bytes over (they are transferred to its worker side), so it goes last.
  facts.images = await placedImages(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)).catch(() => null);
  return facts;
}

function boxOf(array: PDFArray | undefined): Box | null {
  if (!(array instanceof PDFArray) || array.size() !== 4) return null;
  const n = array.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : NaN));
  if (n.some((x) => !Number.isFinite(x))) return null;
  return [Math.min(n[0]!, n[2]!), Math.min(n[1]!, n[3]!), Math.max(n[0]!, n[2]!), Math.max(n[1]!, n[3]!)];
}

/** Every font the pages and their form XObjects use, once each, and whether its program is in the file. */
function fontsOf(doc: PdfLibDoc): PdfFacts['fonts'] {
  const seen = new Set<PDFObject>();
  const fonts: PdfFacts['fonts'] = [];
  const deref = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const visit = (resources: PDFObject | undefined, depth: number) => {
    const res = deref(resources);
    if (!(res instanceof PDFDict) || seen.has(res) || depth > 10) return;
    seen.add(res);
    const fontDict = deref(res.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict) {
      for (const [, ref] of fontDict.entries()) {
        const font = deref(ref);
        if (!(font instanceof PDFDict) || seen.has(font)) continue;
        seen.add(font);
        fonts.push({ name: fontName(font), embedded: isEmbedded(font, deref) });
      }
    }
    const xobjects = deref(res.get(PDFName.of('XObject')));
    if (xobjects instanceof PDFDict) {
      for (const [, ref] of xobjects.entries()) {
        const x = deref(ref);
        if (x instanceof PDFStream && x.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) visit(x.dict.get(PDFName.of('Resources')), depth + 1);
      }
    }
  };
  for (const page of doc.getPages()) visit(page.node.Resources(), 0);
  return fonts;
}

function fontName(font: PDFDict): string {
  const base = font.get(PDFName.of('BaseFont'));
  // A subset's name starts with six capitals and a plus: ABCDEF+Helvetica.
  return base instanceof PDFName ? base.decodeText().replace(/^[A-Z]{6}\+/, '') : '';
}

function isEmbedded(font: PDFDict, deref: (o: PDFObject | undefined) => PDFObject | undefined): boolean {
  const subtype = font.get(PDFName.of('Subtype'));
  // Type 3 glyphs are drawn by the file's own content streams.
  if (subtype === PDFName.of('Type3')) return true;
  let described = font;
  if (subtype === PDFName.of('Type0')) {
    const descendants = deref(font.get(PDFName.of('DescendantFonts')));
    const descendant = descendants instanceof PDFArray ? deref(descendants.get(0)) : undefined;
    if (!(descendant instanceof PDFDict)) return false;
    described = descendant;
  }
  // The standard 14 fonts have no descriptor at all: the printer's own copy would be used.
  const descriptor = deref(described.get(PDFName.of('FontDescriptor')));
  return descriptor instanceof PDFDict && FONT_FILES.some((k) => descriptor.has(k));
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** `m` applied first, then `ctm` (PDF's cm operator). */
const concat = (ctm: Matrix, m: ArrayLike<number>): Matrix => [
  ctm[0] * m[0]! + ctm[2] * m[1]!,
  ctm[1] * m[0]! + ctm[3] * m[1]!,
  ctm[0] * m[2]! + ctm[2] * m[3]!,
  ctm[1] * m[2]! + ctm[3] * m[3]!,
  ctm[0] * m[4]! + ctm[2] * m[5]! + ctm[4],
  ctm[1] * m[4]! + ctm[3] * m[5]! + ctm[5],
];

/**
 * The images drawn on the first page: pixels from pdf.js's operator list, drawn size from the
 * transformation in force (an image fills the unit square of its matrix).
 */
async function placedImages(data: Uint8Array): Promise<NonNullable<PdfFacts['images']>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    maxImageSize: MAX_DECODED_IMAGE_PIXELS,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const { fnArray, argsArray } = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
    const OPS = pdfjs.OPS;
    const images: NonNullable<PdfFacts['images']> = [];
    const stack: Matrix[] = [];
    let ctm = IDENTITY;
    const placed = (w: unknown, h: unknown) => {
      if (typeof w !== 'number' || typeof h !== 'number') return;
      images.push({ width_px: w, height_px: h, width_pt: Math.hypot(ctm[0], ctm[1]), height_pt: Math.hypot(ctm[2], ctm[3]) });
    };
    fnArray.forEach((fn, i) => {
      const args = (argsArray[i] ?? []) as unknown[];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = concat(ctm, args as number[]);
      else if (fn === OPS.paintFormXObjectBegin) {
        stack.push(ctm);
        if (args[0]) ctm = concat(ctm, args[0] as ArrayLike<number>);
      } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.paintImageXObject) placed(args[1], args[2]);
      else if (fn === OPS.paintInlineImageXObject) {
        const img = args[0] as { width?: unknown; height?: unknown } | undefined;
        placed(img?.width, img?.height);
      }
    });
    return images;
  } finally {
    await doc.destroy();
  }
}
