import type { SignField, SignLayout } from '@promo/shared';

/** Points per millimetre. */
export const MM = 72 / 25.4;
/** Room for the crop marks outside the bleed box, each side. */
export const MARKS_MM = 10;

export interface Box {
  /** PDF user space, points, from the media box's bottom-left corner. */
  left: number;
  bottom: number;
  width: number;
  height: number;
}

export interface PageGeometry {
  media: Box;
  bleed: Box;
  trim: Box;
}

/** TrimBox = the layout's size; BleedBox = trim + bleed each side; MediaBox = bleed box + 10 mm each side. */
export function pageGeometry(layout: Pick<SignLayout, 'width_mm' | 'height_mm' | 'bleed_mm'>): PageGeometry {
  const b = layout.bleed_mm * MM;
  const m = MARKS_MM * MM;
  const w = layout.width_mm * MM;
  const h = layout.height_mm * MM;
  return {
    media: { left: 0, bottom: 0, width: w + 2 * (b + m), height: h + 2 * (b + m) },
    bleed: { left: m, bottom: m, width: w + 2 * b, height: h + 2 * b },
    trim: { left: m + b, bottom: m + b, width: w, height: h },
  };
}

/** A field's box: its x, y are mm from the trim box's top-left corner. */
export function fieldBox(field: Pick<SignField, 'x' | 'y' | 'width' | 'height'>, geo: PageGeometry): Box {
  const height = field.height * MM;
  return {
    left: geo.trim.left + field.x * MM,
    bottom: geo.trim.bottom + geo.trim.height - field.y * MM - height,
    width: field.width * MM,
    height,
  };
}

/** [x1, y1, x2, y2] as the PDF page boxes write it. */
export const pdfRect = (b: Box) => [b.left, b.bottom, b.left + b.width, b.bottom + b.height].map((n) => Math.round(n * 1000) / 1000);
