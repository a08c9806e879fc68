import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignLayout } from '@promo/shared';
import { i18nReady } from '@/lib/i18n';
import { commit, seal, startHistory, undo, type History } from './history';
import { newField, updateField } from './layout-edit';
import { SignCanvas } from './sign-canvas';

beforeAll(() => i18nReady);

const A4: SignLayout = { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: null, fields: [] };
const start: SignLayout = { ...A4, fields: [{ ...newField(A4, 'price'), x: 10, y: 20, width: 100, height: 30 }] };

/** The canvas with the editor's history around it, and a button that undoes. */
function Harness() {
  const [h, setH] = useState<History<SignLayout>>(() => startHistory(start));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <SignCanvas
        layout={h.present}
        selected={selected}
        onSelect={setSelected}
        onChange={(id, box, key) => setH((x) => commit(x, updateField(x.present, id, box), key))}
        onGestureEnd={() => setH(seal)}
      />
      <button onClick={() => setH(undo)}>undo</button>
    </>
  );
}

const box = () => screen.getByTestId('sign-field-price').getAttribute('data-box');

describe('the sign drawn to scale', () => {
  it('nudges the focused field with the arrow keys, 1 mm and 0.1 mm with Shift, each press a step of undo', () => {
    render(<Harness />);
    const field = screen.getByRole('button', { name: /^Feltet Kampanjepris,/ });
    act(() => field.focus());
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'ArrowDown', shiftKey: true });
    expect(box()).toBe('11,20.1,100,30');
    fireEvent.click(screen.getByText('undo'));
    expect(box()).toBe('11,20,100,30');
    // Alt and the arrows resize it.
    fireEvent.keyDown(field, { key: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true, shiftKey: true });
    expect(box()).toBe('11,20,99,30.1');
  });

  it('marks a field nudged past the safe margin, and says so to a screen reader; back inside, the mark goes', () => {
    render(<Harness />);
    const field = screen.getByRole('button', { name: /^Feltet Kampanjepris,/ });
    act(() => field.focus());
    // x 10 with a 5 mm margin: five presses reach the line, the sixth goes past it.
    for (let i = 0; i < 5; i++) fireEvent.keyDown(field, { key: 'ArrowLeft' });
    expect(screen.getByTestId('sign-field-price')).not.toHaveAttribute('data-outside-safe');
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    expect(screen.getByTestId('sign-field-price')).toHaveAttribute('data-outside-safe', 'true');
    expect(field).toHaveAccessibleName(/utenfor den sikre sonen/);
    fireEvent.click(screen.getByText('undo'));
    expect(screen.getByTestId('sign-field-price')).not.toHaveAttribute('data-outside-safe');
  });

  it('moves a field by dragging, in millimetres of the drawing, and one undo takes the whole drag back', () => {
    render(<Harness />);
    const svg = screen.getByTestId('sign-canvas');
    // 216 mm drawn 432 px wide: 2 px a millimetre.
    svg.getBoundingClientRect = () => ({ width: 432, height: 611, x: 0, y: 0, top: 0, left: 0, right: 432, bottom: 611, toJSON: () => ({}) });
    const field = screen.getByRole('button', { name: /^Feltet Kampanjepris,/ });
    fireEvent.pointerDown(field, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 110, clientY: 104 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 120, clientY: 110 });
    fireEvent.pointerUp(field, { pointerId: 1, clientX: 120, clientY: 110 });
    expect(box()).toBe('20,25,100,30');
    // The selected field shows its handles; the south-east one resizes.
    const handle = screen.getByTestId('sign-handle-se');
    fireEvent.pointerDown(handle, { pointerId: 2, button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientX: -20, clientY: 10 });
    fireEvent.pointerUp(handle, { pointerId: 2 });
    expect(box()).toBe('20,25,90,35');
    fireEvent.click(screen.getByText('undo'));
    expect(box()).toBe('20,25,100,30');
    fireEvent.click(screen.getByText('undo'));
    expect(box()).toBe('10,20,100,30');
  });
});
