import { SIGN_LIMITS, type SignField, type SignFieldKind, type SignLayout } from '@promo/shared';

/*
 * The template editor's geometry: every change of a field's box goes through here, so a field
 * never leaves the trim box, never shrinks below MIN_BOX_MM, and lengths stay on a 0.1 mm grid.
 */

export const MIN_BOX_MM = 1;
/** Arrow keys move a field 1 mm, with Shift 0.1 mm. */
export const NUDGE_MM = 1;
export const FINE_NUDGE_MM = 0.1;

export type Box = Pick<SignField, 'x' | 'y' | 'width' | 'height'>;
/** Which edge or corner a resize handle pulls: n, s, e, w, ne, nw, se, sw. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** To a tenth of a millimetre, without float noise (10.000000001 → 10). */
export const roundMm = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** A box moved by (dx, dy) mm, kept inside the page. */
export function moveBox(box: Box, dx: number, dy: number, page: { width_mm: number; height_mm: number }): Box {
  return {
    ...box,
    x: roundMm(clamp(box.x + dx, 0, page.width_mm - box.width)),
    y: roundMm(clamp(box.y + dy, 0, page.height_mm - box.height)),
  };
}

/** The arrow key's move: 1 mm, 0.1 mm with Shift; null for any other key. */
export function nudgeDelta(key: string, fine: boolean): { dx: number; dy: number } | null {
  const step = fine ? FINE_NUDGE_MM : NUDGE_MM;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}

/**
 * A box resized by pulling `handle` (dx, dy) mm: the opposite edge stays, the pulled edge stops at
 * the page's edge and MIN_BOX_MM before the opposite one.
 */
export function resizeBox(box: Box, handle: Handle, dx: number, dy: number, page: { width_mm: number; height_mm: number }): Box {
  let { x, y, width, height } = box;
  const right = x + width;
  const bottom = y + height;
  if (handle.includes('w')) {
    x = clamp(x + dx, 0, right - MIN_BOX_MM);
    width = right - x;
  }
  if (handle.includes('e')) width = clamp(width + dx, MIN_BOX_MM, page.width_mm - x);
  if (handle.includes('n')) {
    y = clamp(y + dy, 0, bottom - MIN_BOX_MM);
    height = bottom - y;
  }
  if (handle.includes('s')) height = clamp(height + dy, MIN_BOX_MM, page.height_mm - y);
  return { x: roundMm(x), y: roundMm(y), width: roundMm(width), height: roundMm(height) };
}

/**
 * Screen pixels to millimetres of the drawing: `drawnWidthPx` is how wide the SVG shows
 * `viewWidthMm` (the page with its bleed on both sides).
 */
export const pxToMm = (px: number, drawnWidthPx: number, viewWidthMm: number) => (drawnWidthPx > 0 ? (px * viewWidthMm) / drawnWidthPx : 0);

/** The box a drag ends with: the box it started from, moved or resized by the pointer's travel. */
export function dragBox(
  start: Box,
  mode: 'move' | Handle,
  travelPx: { dx: number; dy: number },
  drawnWidthPx: number,
  layout: Pick<SignLayout, 'width_mm' | 'height_mm' | 'bleed_mm'>,
): Box {
  const viewWidth = layout.width_mm + 2 * layout.bleed_mm;
  const dx = pxToMm(travelPx.dx, drawnWidthPx, viewWidth);
  const dy = pxToMm(travelPx.dy, drawnWidthPx, viewWidth);
  return mode === 'move' ? moveBox(start, dx, dy, layout) : resizeBox(start, mode, dx, dy, layout);
}

/** The layout with one field's values replaced. */
export function updateField(layout: SignLayout, id: string, change: Partial<SignField>): SignLayout {
  return { ...layout, fields: layout.fields.map((f) => (f.id === id ? { ...f, ...change } : f)) };
}

/** A field id not yet taken: the kind, then kind-2, kind-3, … */
export function freeFieldId(layout: SignLayout, kind: SignFieldKind): string {
  const taken = new Set(layout.fields.map((f) => f.id));
  if (!taken.has(kind)) return kind;
  let n = 2;
  while (taken.has(`${kind}-${n}`)) n += 1;
  return `${kind}-${n}`;
}

/** A new field in the middle of the safe area: a fifth of the page high, as wide as the safe area. */
export function newField(layout: SignLayout, kind: SignFieldKind): SignField {
  const inset = Math.min(layout.safe_mm, layout.width_mm / 4, layout.height_mm / 4);
  const width = roundMm(Math.max(MIN_BOX_MM, layout.width_mm - 2 * inset));
  const height = roundMm(Math.max(MIN_BOX_MM, Math.min(layout.height_mm / 5, layout.height_mm - 2 * inset)));
  const big = kind === 'price';
  return {
    id: freeFieldId(layout, kind),
    kind,
    label: '',
    x: roundMm(inset),
    y: roundMm((layout.height_mm - height) / 2),
    width,
    height,
    font: big ? 'sans-bold' : 'sans',
    size: big ? 72 : 24,
    min_size: big ? 24 : 8,
    color: [0, 0, 0, 100],
    align: 'center',
    locked: kind !== 'text',
    text: '',
  };
}

export const canAddField = (layout: SignLayout) => layout.fields.length < SIGN_LIMITS.maxFields;
