import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOutsideSafeArea, type SignField, type SignLayout } from '@promo/shared';
import { dragBox, HANDLES, moveBox, nudgeDelta, resizeBox, type Box, type Handle } from './layout-edit';
import { namedFields } from '../field-names';

interface Drag {
  id: string;
  mode: 'move' | Handle;
  start: Box;
  x: number;
  y: number;
  pointer: number;
  key: string;
}

const HANDLE_POS: Record<Handle, [number, number]> = {
  nw: [0, 0],
  n: [0.5, 0],
  ne: [1, 0],
  e: [1, 0.5],
  se: [1, 1],
  s: [0.5, 1],
  sw: [0, 1],
  w: [0, 0.5],
};
const CURSOR: Record<Handle, string> = { nw: 'nwse-resize', se: 'nwse-resize', ne: 'nesw-resize', sw: 'nesw-resize', n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize' };

let dragCount = 0;

/**
 * The page drawn to scale in millimetres: the bleed around the trim box, the safe area dashed inside
 * it, each field a box. A field is dragged by its body and resized by its handles (mouse, pen or
 * touch: pointer events), moved by the arrow keys when focused (1 mm, Shift 0.1 mm), resized with Alt.
 * `onChange(id, box, mergeKey)`: one drag is one merge key, so one undo takes it back.
 */
export function SignCanvas({
  layout,
  selected,
  onSelect,
  onChange,
  onGestureEnd,
}: {
  layout: SignLayout;
  selected: string | null;
  onSelect: (id: string | null) => void;
  onChange: (id: string, box: Box, mergeKey: string | null) => void;
  onGestureEnd: () => void;
}) {
  const { t } = useTranslation();
  const outside = new Set(fieldsOutsideSafeArea(layout));
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const { width_mm: w, height_mm: h, bleed_mm: b, safe_mm: s } = layout;
  const handleMm = Math.max(w, h) / 60;

  const begin = (e: PointerEvent, field: SignField, mode: 'move' | Handle) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    onSelect(field.id);
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    dragCount += 1;
    drag.current = { id: field.id, mode, start: field, x: e.clientX, y: e.clientY, pointer: e.pointerId, key: `drag:${dragCount}` };
  };
  const move = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId || !svg.current) return;
    const widthPx = svg.current.getBoundingClientRect().width;
    onChange(d.id, dragBox(d.start, d.mode, { dx: e.clientX - d.x, dy: e.clientY - d.y }, widthPx, layout), d.key);
  };
  const end = (e: PointerEvent) => {
    if (!drag.current || drag.current.pointer !== e.pointerId) return;
    drag.current = null;
    onGestureEnd();
  };
  const nudge = (e: KeyboardEvent, field: SignField) => {
    const delta = nudgeDelta(e.key, e.shiftKey);
    if (!delta) return;
    e.preventDefault();
    // With Alt the arrows pull the right and bottom edges: the size, by keyboard.
    onChange(field.id, e.altKey ? resizeBox(field, 'se', delta.dx, delta.dy, layout) : moveBox(field, delta.dx, delta.dy, layout), null);
  };

  return (
    <svg
      ref={svg}
      viewBox={`${-b} ${-b} ${w + 2 * b} ${h + 2 * b}`}
      className="h-auto max-h-[70vh] w-full touch-none select-none bg-muted"
      role="group"
      aria-label={t('signs.canvas_label', { width: w, height: h })}
      data-testid="sign-canvas"
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerDown={() => onSelect(null)}
    >
      <rect x={-b} y={-b} width={w + 2 * b} height={h + 2 * b} fill="#fde2e2" data-testid="sign-bleed" />
      <rect x={0} y={0} width={w} height={h} fill="#ffffff" stroke="#94a3b8" strokeWidth={handleMm / 8} />
      {s > 0 && s * 2 < Math.min(w, h) && (
        <rect
          x={s}
          y={s}
          width={w - 2 * s}
          height={h - 2 * s}
          fill="none"
          stroke="#16a34a"
          strokeDasharray={`${handleMm / 2} ${handleMm / 3}`}
          strokeWidth={handleMm / 8}
          data-testid="sign-safe"
        />
      )}
      {namedFields(layout.fields, t).map((f) => {
        const on = f.id === selected;
        const unsafe = outside.has(f.id);
        return (
          <g key={f.id} data-testid={`sign-field-${f.id}`} data-box={`${f.x},${f.y},${f.width},${f.height}`} data-outside-safe={unsafe || undefined}>
            <rect
              x={f.x}
              y={f.y}
              width={f.width}
              height={f.height}
              fill={on ? 'rgba(37,99,235,0.15)' : 'rgba(100,116,139,0.12)'}
              stroke={unsafe ? '#d97706' : on ? '#2563eb' : '#64748b'}
              strokeWidth={handleMm / (on || unsafe ? 5 : 10)}
              strokeDasharray={unsafe ? `${handleMm / 2} ${handleMm / 4}` : undefined}
              className="cursor-move outline-none focus-visible:stroke-[#f59e0b]"
              tabIndex={0}
              role="button"
              aria-pressed={on}
              aria-label={`${t('signs.field_label', { name: f.name, x: f.x, y: f.y, width: f.width, height: f.height })}${unsafe ? `. ${t('signs.outside_safe_area')}` : ''}`}
              onPointerDown={(e) => begin(e, f, 'move')}
              onFocus={() => onSelect(f.id)}
              onKeyDown={(e) => nudge(e, f)}
            />
            <text
              x={f.x + handleMm / 3}
              y={f.y + Math.min(f.height - handleMm / 6, handleMm * 1.2)}
              fontSize={handleMm}
              fill="#334155"
              pointerEvents="none"
            >
              {f.name}
            </text>
            {on &&
              HANDLES.map((hd) => (
                <rect
                  key={hd}
                  data-testid={`sign-handle-${hd}`}
                  x={f.x + HANDLE_POS[hd][0] * f.width - handleMm / 2}
                  y={f.y + HANDLE_POS[hd][1] * f.height - handleMm / 2}
                  width={handleMm}
                  height={handleMm}
                  fill="#ffffff"
                  stroke="#2563eb"
                  strokeWidth={handleMm / 8}
                  style={{ cursor: CURSOR[hd] }}
                  onPointerDown={(e) => begin(e, f, hd)}
                />
              ))}
          </g>
        );
      })}
    </svg>
  );
}
