import { z } from 'zod';

/*
 * Price signs (issue 34, decision 042): a template's layout and one sign's data, shared by the
 * renderer (server), the API's schemas and the template editor (web). Lengths in millimetres
 * from the trim box's top-left corner, font sizes in points, colours as CMYK percentages.
 */

/** What a field shows: a product's data, the sign's prices, or a text of its own. */
export const SIGN_FIELD_KINDS = [
  'name',
  'manufacturer',
  'price',
  'previous_price',
  'unit_price',
  'deposit',
  'ean',
  'image',
  'validity',
  'text',
] as const;
export type SignFieldKind = (typeof SIGN_FIELD_KINDS)[number];

/** Shipped open fonts (@fontsource), embedded and subset into each PDF. */
export const SIGN_FONTS = ['sans', 'sans-bold', 'serif', 'serif-bold'] as const;
export type SignFont = (typeof SIGN_FONTS)[number];

export const SIGN_ALIGNS = ['left', 'center', 'right'] as const;
export type SignAlign = (typeof SIGN_ALIGNS)[number];

/** A product's net quantity unit; the unit price is per kg, per litre or per piece (Norwegian price marking). */
export const NET_UNITS = ['g', 'kg', 'ml', 'l', 'stk'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

export const SIGN_LIMITS = {
  /** Signs in one design (one PDF). */
  maxSigns: 2000,
  maxFields: 40,
  /** A page side, mm. */
  maxPageMm: 5000,
  defaultBleedMm: 3,
  maxBleedMm: 20,
  defaultSafeMm: 5,
  minFontPt: 4,
  maxFontPt: 999,
  /** A free text or an editable field's text. */
  maxText: 500,
  maxLabel: 60,
  /** Øre: 9,999,999.99 kr. */
  maxPriceOre: 999_999_999,
} as const;

const mm = z.coerce.number().finite().min(0).max(SIGN_LIMITS.maxPageMm);
const percent = z.coerce.number().finite().min(0).max(100);
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

export const zSignField = z
  .object({
    /** Stable within the template: what a sign's editable values are keyed by. */
    id: z.string().regex(/^[a-z0-9_-]{1,40}$/i, 'field_id'),
    kind: z.enum(SIGN_FIELD_KINDS),
    /** What people see the field called (the editor, a sign's form), e.g. 'Slagord'; empty: its kind's name. Never printed. */
    label: z.string().trim().max(SIGN_LIMITS.maxLabel).default(''),
    x: mm,
    y: mm,
    width: z.coerce.number().finite().gt(0).max(SIGN_LIMITS.maxPageMm),
    height: z.coerce.number().finite().gt(0).max(SIGN_LIMITS.maxPageMm),
    font: z.enum(SIGN_FONTS).default('sans'),
    size: z.coerce.number().finite().min(SIGN_LIMITS.minFontPt).max(SIGN_LIMITS.maxFontPt).default(24),
    /** Text that does not fit shrinks down to this size, then the sign is refused (does_not_fit). */
    min_size: z.coerce.number().finite().min(SIGN_LIMITS.minFontPt).max(SIGN_LIMITS.maxFontPt).default(8),
    color: z.tuple([percent, percent, percent, percent]).default([0, 0, 0, 100]),
    align: z.enum(SIGN_ALIGNS).default('left'),
    /** Locked fields change only in the template; a cm fills an editable field per sign. */
    locked: flag.default(true),
    /**
     * The field's text with placeholders: {value} is what the kind computes (the unit price, the
     * deposit, the date); a 'text' field shows it as written. Printed as the template says it,
     * whatever the reader's interface language: signs hang in Norwegian stores.
     */
    text: z.string().max(SIGN_LIMITS.maxText).default(''),
  })
  .refine((f) => f.min_size <= f.size, { message: 'min_size_above_size', path: ['min_size'] });
export type SignField = z.output<typeof zSignField>;

export const zSignLayout = z
  .object({
    /** The trim size: the surface's size_surface in mm (a template fits every surface of that size). */
    width_mm: z.coerce.number().finite().gt(0).max(SIGN_LIMITS.maxPageMm),
    height_mm: z.coerce.number().finite().gt(0).max(SIGN_LIMITS.maxPageMm),
    bleed_mm: z.coerce.number().finite().min(0).max(SIGN_LIMITS.maxBleedMm).default(SIGN_LIMITS.defaultBleedMm),
    safe_mm: z.coerce.number().finite().min(0).max(SIGN_LIMITS.maxPageMm).default(SIGN_LIMITS.defaultSafeMm),
    /** An uploaded file (PDF page 1, or PNG/JPEG at ≥ 300 dpi at the trim size + bleed), or none. */
    background_file_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive().nullable()),
    fields: z.array(zSignField).max(SIGN_LIMITS.maxFields).default([]),
  })
  .refine((l) => new Set(l.fields.map((f) => f.id)).size === l.fields.length, { message: 'field_id_taken', path: ['fields'] });
export type SignLayout = z.output<typeof zSignLayout>;

/**
 * The fields that reach past the safe area (the trim less the safe margin on each side), by id:
 * the cut may take what is printed there. A template is saved only without them; a designer who
 * wants a field to the edge sets the margin lower. A twentieth of a millimetre is let through
 * (a box typed or nudged to the line).
 */
export function fieldsOutsideSafeArea(layout: SignLayout): string[] {
  const s = layout.safe_mm;
  const slack = 0.05;
  return layout.fields
    .filter((f) => f.x < s - slack || f.y < s - slack || f.x + f.width > layout.width_mm - s + slack || f.y + f.height > layout.height_mm - s + slack)
    .map((f) => f.id);
}

/** What the renderer needs of one product. */
export interface SignProduct {
  id: number;
  name: string;
  manufacturer: string;
  /** EAN-13 as 13 digits. */
  ean: string;
  /** Øre per container (container_deposit). */
  deposit_ore: number;
  net_quantity: number | null;
  net_unit: NetUnit | null;
  /** A path on this machine, or null when the product has no image. */
  image_file: string | null;
}

/** One sign: one product with its campaign prices and the editable fields' texts. */
export interface SignData {
  product: SignProduct;
  price_ore: number;
  previous_price_ore: number | null;
  /** YYYY-MM-DD, the last day the price holds. */
  valid_to: string | null;
  /** An editable field's text for this sign, by field id; a locked field's text comes from the template. */
  texts: Record<string, string>;
}

/** A sign the renderer refused, with the field that caused it. */
export interface SignProblem {
  /** Index in the sign list. */
  sign: number;
  field: string | null;
  /**
   * glyph_missing: a character the field's font does not have (an emoji, a letter of another script),
   * which would print as nothing; image_unreadable: the product's image file cannot be decoded.
   */
  code: 'price_required' | 'price_positive' | 'ean_check_digit' | 'net_quantity_missing' | 'does_not_fit' | 'glyph_missing' | 'image_unreadable';
}
