import { SIGN_LIMITS, type SignLayout } from '@promo/shared';
import { newField, roundMm } from './layout-edit';

/** Millimetres of a surface size as the catalogue writes it ('H50 x W70', numbers in `unit`); null when it names none. */
export function sizeInMm(text: string, unit: 'cm' | 'mm'): { width_mm: number; height_mm: number } | null {
  const h = /\bH\s*(\d+(?:[.,]\d+)?)/i.exec(text);
  const w = /\bW\s*(\d+(?:[.,]\d+)?)/i.exec(text);
  if (!h || !w) return null;
  const k = unit === 'cm' ? 10 : 1;
  const mm = (m: RegExpExecArray) => roundMm(Number(m[1]!.replace(',', '.')) * k);
  return { width_mm: mm(w), height_mm: mm(h) };
}

/** A first layout of a new template: the product's name at the top, the price in the middle, the unit price under it. */
export function starterLayout(width_mm: number, height_mm: number): SignLayout {
  let layout: SignLayout = { width_mm, height_mm, bleed_mm: SIGN_LIMITS.defaultBleedMm, safe_mm: Math.min(SIGN_LIMITS.defaultSafeMm, Math.min(width_mm, height_mm) / 4), background_file_id: null, fields: [] };
  const place = (kind: 'name' | 'price' | 'unit_price', top: number, share: number) => {
    const f = newField(layout, kind);
    const height = roundMm(Math.max(1, height_mm * share));
    layout = { ...layout, fields: [...layout.fields, { ...f, y: roundMm(Math.min(height_mm * top, height_mm - height)), height }] };
  };
  place('name', 0.08, 0.18);
  place('price', 0.32, 0.4);
  place('unit_price', 0.78, 0.1);
  return layout;
}
