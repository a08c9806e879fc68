import { cmyk, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { zSignLayout, type SignData, type SignLayout } from '@promo/shared';

/** Price-sign fixtures for the renderer's tests and bench/signs.ts: an A4 template with every kind of field. */

export function a4Layout(over: Partial<Record<string, object>> = {}): SignLayout {
  const fields = [
    { id: 'name', kind: 'name', x: 15, y: 20, width: 180, height: 40, size: 48, min_size: 20, font: 'sans-bold' },
    { id: 'maker', kind: 'manufacturer', x: 15, y: 62, width: 180, height: 12, size: 20, font: 'serif' },
    { id: 'price', kind: 'price', x: 15, y: 90, width: 180, height: 80, size: 200, min_size: 60, font: 'sans-bold', color: [0, 100, 100, 0], align: 'center' },
    { id: 'before', kind: 'previous_price', x: 15, y: 175, width: 90, height: 12, size: 24, text: 'Før {value}' },
    { id: 'unit', kind: 'unit_price', x: 15, y: 190, width: 90, height: 10, size: 16 },
    { id: 'pant', kind: 'deposit', x: 15, y: 202, width: 90, height: 10, size: 16, text: '+ pant {value}' },
    { id: 'image', kind: 'image', x: 120, y: 175, width: 75, height: 55 },
    { id: 'ean', kind: 'ean', x: 120, y: 240, width: 75, height: 35 },
    { id: 'free', kind: 'text', x: 15, y: 220, width: 90, height: 10, size: 14, text: 'Tilbudet gjelder så langt lageret rekker', locked: false },
    { id: 'valid', kind: 'validity', x: 15, y: 270, width: 90, height: 10, size: 14, text: 'Gjelder t.o.m. {value}' },
  ].map((f) => ({ ...f, ...(over[f.id] ?? {}) }));
  return zSignLayout.parse({ width_mm: 210, height_mm: 297, fields });
}

export function sampleSign(over: Partial<SignData> = {}, product: Partial<SignData['product']> = {}): SignData {
  return {
    product: {
      id: 1,
      name: 'Grøtris Ærlig Åkerbruk',
      manufacturer: 'Orkla Foods',
      ean: '7038010009457',
      deposit_ore: 300,
      net_quantity: 575,
      net_unit: 'g',
      image_file: null,
      ...product,
    },
    price_ore: 4990,
    previous_price_ore: 6490,
    valid_to: '2026-06-14',
    texts: {},
    ...over,
  };
}

/** A one-page background at A4 + 3 mm bleed: a CMYK yellow field with a cyan band, as a print shop sends it. */
export async function backgroundPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pt = 72 / 25.4;
  const page = doc.addPage([216 * pt, 303 * pt]);
  page.drawRectangle({ x: 0, y: 0, width: 216 * pt, height: 303 * pt, color: cmyk(0, 0.05, 0.3, 0) });
  page.drawRectangle({ x: 0, y: 0, width: 216 * pt, height: 20 * pt, color: cmyk(1, 0, 0, 0) });
  return doc.save();
}

/** A product photo with transparent corners (PNG) or without (JPEG). */
export function productImage(format: 'png' | 'jpeg', width = 1200, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="#c03020"/><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#f0c040"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}
