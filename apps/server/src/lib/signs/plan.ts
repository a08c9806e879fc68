import {
  formatKroner,
  fillSignText,
  priceParts,
  unitPriceText,
  validityDate,
  type SignData,
  type SignField,
  type SignFont,
  type SignLayout,
  type SignProblem,
} from '@promo/shared';
import { EAN_MODULES, EAN_QUIET_LEFT, EAN_QUIET_RIGHT, ean13Bars, eanPrintable } from './ean13';
import { face, type Face } from './fonts';
import { MM, fieldBox, type Box, type PageGeometry } from './geometry';

/*
 * One sign's page as drawing items, and its problems (decision 042): what is drawn where, in
 * points, before any PDF exists. check() stops here; generate() and preview() draw the items.
 */

export type Cmyk = [number, number, number, number];

export interface TextLine {
  text: string;
  /** Baseline start, PDF user space. */
  x: number;
  y: number;
  size: number;
}

export type Item =
  | { kind: 'text'; font: SignFont; color: Cmyk; lines: TextLine[]; strike?: { thickness: number; rise: number; widths: number[] } }
  | { kind: 'rects'; color: Cmyk; rects: Box[] }
  | { kind: 'image'; field: string; file: string; box: Box; align: SignField['align'] };

export interface SignPlan {
  items: Item[];
  problems: SignProblem[];
  /** Every field's box by id: the preview outlines the ones with a problem. */
  boxes: Map<string, Box>;
}

/** Shrink steps, points. */
const STEP = 0.5;
/** The øre beside the kroner, as a share of the kroner's size. */
export const ORE_SCALE = 0.45;
/** The smallest EAN-13 module GS1 allows (80 % of 0.33 mm). */
const MIN_MODULE_MM = 0.264;
const EPS = 1e-6;

const lineHeight = (f: Face, size: number) => (f.ascent - f.descent) * size;

/** Sizes from `size` down to `min` in 0.5 pt steps, `min` last. */
function* sizes(field: SignField) {
  let s = field.size;
  for (; s >= field.min_size - EPS; s -= STEP) yield s;
  if (s + STEP > field.min_size + EPS) yield field.min_size;
}

/** Greedy word wrap within `width`; null when one word alone is wider. */
function wrap(f: Face, text: string, size: number, width: number): string[] | null {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (f.width(word, size) > width + EPS) return null;
      const next = line ? `${line} ${word}` : word;
      if (f.width(next, size) <= width + EPS) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const alignX = (box: Box, align: SignField['align'], w: number) =>
  align === 'left' ? box.left : align === 'right' ? box.left + box.width - w : box.left + (box.width - w) / 2;

/** Wrapped text shrunk until it fits the box, top-aligned; null when it does not fit at min_size. */
function fitText(field: SignField, box: Box, text: string): TextLine[] | null {
  const f = face(field.font);
  for (const size of sizes(field)) {
    const lines = wrap(f, text, size, box.width);
    if (!lines || lines.length * lineHeight(f, size) > box.height + EPS) continue;
    const top = box.bottom + box.height;
    return lines.map((line, i) => ({
      text: line,
      x: alignX(box, field.align, f.width(line, size)),
      y: top - f.ascent * size - i * lineHeight(f, size),
      size,
    }));
  }
  return null;
}

/** Large kroner, small øre raised to the kroner's cap height (or ',-'), on one line. */
function fitPrice(field: SignField, box: Box, ore: number): TextLine[] | null {
  const f = face(field.font);
  const parts = priceParts(ore);
  for (const size of sizes(field)) {
    const small = size * ORE_SCALE;
    const gap = size * 0.04;
    const kw = f.width(parts.kroner, size);
    const width = kw + gap + f.width(parts.ore, small);
    if (width > box.width + EPS || f.capHeight * size > box.height + EPS) continue;
    const x = alignX(box, field.align, width);
    const y = box.bottom + box.height - f.capHeight * size;
    return [
      { text: parts.kroner, x, y, size },
      { text: parts.ore, x: x + kw + gap, y: y + f.capHeight * (size - small), size: small },
    ];
  }
  return null;
}

/** EAN-13 bars with quiet zones filling the box's width, the digits below; null when too small. */
function eanItems(field: SignField, box: Box, code: string): Item[] | null {
  const module = box.width / (EAN_QUIET_LEFT + EAN_MODULES + EAN_QUIET_RIGHT);
  if (module < MIN_MODULE_MM * MM - EPS) return null;
  const f = face(field.font);
  const digitSize = module * 11;
  const digitsBand = f.capHeight * digitSize + module;
  const barHeight = box.height - digitsBand;
  if (barHeight < 20 * module) return null;
  const x0 = box.left + EAN_QUIET_LEFT * module;
  const top = box.bottom + box.height;
  const guardExtra = Math.min(5 * module, digitsBand);
  const rects = ean13Bars(code).map(([m, w, guard]) => {
    const height = barHeight + (guard ? guardExtra : 0);
    return { left: x0 + m * module, bottom: top - height, width: w * module, height };
  });
  const centred = (digit: string, centre: number): TextLine => ({ text: digit, x: centre - f.width(digit, digitSize) / 2, y: box.bottom, size: digitSize });
  const lines: TextLine[] = [{ text: code[0]!, x: x0 - 2 * module - f.width(code[0]!, digitSize), y: box.bottom, size: digitSize }];
  for (let i = 1; i <= 6; i++) lines.push(centred(code[i]!, x0 + (3 + 7 * (i - 1) + 3.5) * module));
  for (let i = 7; i <= 12; i++) lines.push(centred(code[i]!, x0 + (50 + 7 * (i - 7) + 3.5) * module));
  return [
    { kind: 'rects', color: [0, 0, 0, 100], rects },
    { kind: 'text', font: field.font, color: [0, 0, 0, 100], lines },
  ];
}

const validPrice = (ore: unknown): ore is number => typeof ore === 'number' && Number.isInteger(ore);

/** An editable field's text for this sign when it has one. */
const edited = (field: SignField, sign: SignData) => {
  const text = field.locked ? undefined : sign.texts?.[field.id];
  return text !== undefined && text.trim() !== '' ? text : undefined;
};

/** The text a text-like field prints, or null when it prints nothing on this sign. */
function fieldText(field: SignField, sign: SignData): string | null {
  const p = sign.product;
  switch (field.kind) {
    case 'name':
      return edited(field, sign) ?? fillSignText(field.text, p.name);
    case 'manufacturer':
      return edited(field, sign) ?? (p.manufacturer ? fillSignText(field.text, p.manufacturer) : null);
    case 'previous_price':
      return validPrice(sign.previous_price_ore) && sign.previous_price_ore > 0 ? fillSignText(field.text, formatKroner(sign.previous_price_ore)) : null;
    case 'unit_price': {
      const value = validPrice(sign.price_ore) ? unitPriceText(sign.price_ore, p.net_quantity, p.net_unit) : null;
      return value && fillSignText(field.text, value);
    }
    case 'deposit':
      return p.deposit_ore > 0 ? fillSignText(field.text, formatKroner(p.deposit_ore)) : null;
    case 'validity':
      return sign.valid_to ? fillSignText(field.text, validityDate(sign.valid_to)) : null;
    case 'text':
      return edited(field, sign) ?? field.text;
    default:
      return null;
  }
}

/** What one sign draws, and why it would be refused. */
export function planSign(layout: SignLayout, sign: SignData, index: number, geo: PageGeometry): SignPlan {
  const items: Item[] = [];
  const problems: SignProblem[] = [];
  const boxes = new Map<string, Box>();
  const problem = (field: string | null, code: SignProblem['code']) => problems.push({ sign: index, field, code });
  const priceField = layout.fields.find((f) => f.kind === 'price')?.id ?? null;
  const priceOk = validPrice(sign.price_ore) && sign.price_ore > 0;
  if (!validPrice(sign.price_ore)) problem(priceField, 'price_required');
  else if (sign.price_ore <= 0) problem(priceField, 'price_positive');

  for (const field of layout.fields) {
    const box = fieldBox(field, geo);
    boxes.set(field.id, box);
    const color = field.color.map(Number) as Cmyk;
    if (field.kind === 'price') {
      if (!priceOk) continue;
      const lines = fitPrice(field, box, sign.price_ore);
      if (lines) items.push({ kind: 'text', font: field.font, color, lines });
      else problem(field.id, 'does_not_fit');
    } else if (field.kind === 'ean') {
      if (!eanPrintable(sign.product.ean)) {
        problem(field.id, 'ean_check_digit');
        continue;
      }
      const drawn = eanItems(field, box, sign.product.ean);
      if (drawn) items.push(...drawn);
      else problem(field.id, 'does_not_fit');
    } else if (field.kind === 'image') {
      // A product without an image leaves the box empty; one whose file cannot be read is found by the drawer.
      if (sign.product.image_file) items.push({ kind: 'image', field: field.id, file: sign.product.image_file, box, align: field.align });
    } else {
      if (field.kind === 'unit_price' && priceOk && !unitPriceText(sign.price_ore, sign.product.net_quantity, sign.product.net_unit)) {
        problem(field.id, 'net_quantity_missing');
        continue;
      }
      const text = fieldText(field, sign);
      if (text === null || text.trim() === '') continue;
      if (face(field.font).missing(text).length) {
        problem(field.id, 'glyph_missing');
        continue;
      }
      const lines = fitText(field, box, text);
      if (!lines) {
        problem(field.id, 'does_not_fit');
        continue;
      }
      const f = face(field.font);
      const strike =
        field.kind === 'previous_price'
          ? { thickness: Math.max(0.5, lines[0]!.size * 0.07), rise: f.capHeight * lines[0]!.size * 0.45, widths: lines.map((l) => f.width(l.text, l.size)) }
          : undefined;
      items.push({ kind: 'text', font: field.font, color, lines, ...(strike ? { strike } : {}) });
    }
  }
  return { items, problems, boxes };
}
