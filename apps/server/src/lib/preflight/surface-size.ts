import type { SurfaceSizeUnit } from '@promo/shared';

/** A surface's printed area in millimetres. */
export interface SurfaceSize {
  width_mm: number;
  height_mm: number;
}

const MM_PER: Record<SurfaceSizeUnit, number> = { cm: 10, mm: 1 };
const PART = /^([hwd])\s*(\d{1,6}(?:[.,]\d{1,3})?)$/i;

/**
 * The height and width of a surface size as the catalogue writes it: 'H50 x W70' or, with a depth
 * that print files ignore, 'H30 x W40 x D2'; numbers in `unit`. Null when it names no height and
 * width (an empty size, 'A4').
 */
export function parseSurfaceSize(text: string, unit: SurfaceSizeUnit): SurfaceSize | null {
  const found: Record<string, number> = {};
  for (const part of text.trim().split(/\s*[x×*]\s*(?=[hwd])/i)) {
    const m = PART.exec(part.trim());
    if (!m || found[m[1]!.toLowerCase()] !== undefined) return null;
    found[m[1]!.toLowerCase()] = Number(m[2]!.replace(',', '.'));
  }
  const { h, w } = found;
  if (!h || !w) return null;
  return { width_mm: w * MM_PER[unit], height_mm: h * MM_PER[unit] };
}

/** The size as stored with a preflight, with its unit: 'H50 x W70 cm' ('' when the surface has none). */
export const surfaceSizeLabel = (text: string, unit: SurfaceSizeUnit) => (text.trim() ? `${text.trim()} ${unit}` : '');

/** The size a preflight was measured against, back from its label. */
export function parseSurfaceSizeLabel(label: string): SurfaceSize | null {
  const m = /^(.*)\s(cm|mm)$/.exec(label.trim());
  return m ? parseSurfaceSize(m[1]!, m[2] as SurfaceSizeUnit) : null;
}
