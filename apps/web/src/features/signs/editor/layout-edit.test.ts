import { describe, expect, it } from 'vitest';
import type { SignLayout } from '@promo/shared';
import { commit, historyKey, redo, seal, startHistory, undo } from './history';
import { sizeInMm, starterLayout } from './starter-layout';
import { dragBox, freeFieldId, moveBox, newField, nudgeDelta, pxToMm, resizeBox } from './layout-edit';

const A4: SignLayout = { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: null, fields: [] };
const box = { x: 10, y: 20, width: 100, height: 30 };

describe('nudging a field with the arrow keys', () => {
  it('moves 1 mm, or 0.1 mm with Shift, in the arrow’s direction', () => {
    expect(nudgeDelta('ArrowRight', false)).toEqual({ dx: 1, dy: 0 });
    expect(nudgeDelta('ArrowUp', true)).toEqual({ dx: 0, dy: -0.1 });
    expect(nudgeDelta('Enter', false)).toBeNull();
    let b = box;
    for (let i = 0; i < 3; i++) b = moveBox(b, 0.1, 0, A4);
    // Three tenths add up to 10.3 exactly, not 10.299999.
    expect(b.x).toBe(10.3);
  });

  it('stops at the trim box’s edges', () => {
    expect(moveBox(box, -50, -50, A4)).toMatchObject({ x: 0, y: 0 });
    expect(moveBox(box, 500, 500, A4)).toMatchObject({ x: 110, y: 267 });
  });
});

describe('resizing a field by a handle', () => {
  it('keeps the opposite edge where it was', () => {
    expect(resizeBox(box, 'se', 5, 5, A4)).toEqual({ x: 10, y: 20, width: 105, height: 35 });
    expect(resizeBox(box, 'nw', 5, 5, A4)).toEqual({ x: 15, y: 25, width: 95, height: 25 });
    expect(resizeBox(box, 'w', -4, 99, A4)).toEqual({ x: 6, y: 20, width: 104, height: 30 });
  });

  it('never turns a box inside out nor past the page', () => {
    expect(resizeBox(box, 'e', -500, 0, A4).width).toBe(1);
    expect(resizeBox(box, 'n', 0, 500, A4)).toMatchObject({ y: 49, height: 1 });
    expect(resizeBox(box, 'se', 500, 500, A4)).toMatchObject({ width: 200, height: 277 });
  });
});

describe('dragging with the pointer', () => {
  it('turns screen pixels into millimetres of the drawing', () => {
    // 216 mm (210 + 2 × 3 bleed) drawn 432 px wide: 2 px per mm.
    expect(pxToMm(20, 432, 216)).toBe(10);
    expect(dragBox(box, 'move', { dx: 20, dy: -10 }, 432, A4)).toMatchObject({ x: 20, y: 15 });
    expect(dragBox(box, 'se', { dx: 20, dy: 20 }, 432, A4)).toEqual({ x: 10, y: 20, width: 110, height: 40 });
    expect(dragBox(box, 'move', { dx: 5, dy: 5 }, 0, A4)).toEqual(box);
  });
});

describe('new fields', () => {
  it('take a free id and sit inside the safe area', () => {
    const one = { ...A4, fields: [newField(A4, 'price')] };
    expect(one.fields[0]!.id).toBe('price');
    expect(freeFieldId(one, 'price')).toBe('price-2');
    expect(one.fields[0]).toMatchObject({ x: 5, width: 200, locked: true });
    expect(newField(A4, 'text').locked).toBe(false);
  });
});

describe('undo and redo', () => {
  it('takes steps back and forward, and a new change drops what was undone', () => {
    let h = startHistory(1);
    h = commit(h, 2);
    h = commit(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = commit(h, 9);
    expect(redo(h).present).toBe(9);
    expect(undo(h).present).toBe(1);
    expect(undo(undo(h)).present).toBe(1);
  });

  it('makes one step of one gesture (the same merge key) until sealed', () => {
    let h = startHistory('a');
    h = commit(h, 'ab', 'text:name');
    h = commit(h, 'abc', 'text:name');
    expect(undo(h).present).toBe('a');
    h = commit(seal(h), 'abcd', 'text:name');
    expect(undo(h).present).toBe('abc');
  });

  it('reads Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    const k = (key: string, shiftKey = false, ctrlKey = true) => historyKey({ key, shiftKey, ctrlKey, metaKey: false });
    expect(k('z')).toBe('undo');
    expect(k('Z', true)).toBe('redo');
    expect(k('y')).toBe('redo');
    expect(k('z', false, false)).toBeNull();
  });
});

describe('a new template’s first layout', () => {
  it('reads a surface size in cm or mm', () => {
    expect(sizeInMm('H21 x W29.7', 'cm')).toEqual({ width_mm: 297, height_mm: 210 });
    expect(sizeInMm('H30 x W40 x D2', 'mm')).toEqual({ width_mm: 40, height_mm: 30 });
    expect(sizeInMm('A4', 'cm')).toBeNull();
  });

  it('puts name, price and unit price inside the page', () => {
    const l = starterLayout(210, 297);
    expect(l.fields.map((f) => f.id)).toEqual(['name', 'price', 'unit_price']);
    for (const f of l.fields) expect(f.y + f.height).toBeLessThanOrEqual(297);
  });
});
