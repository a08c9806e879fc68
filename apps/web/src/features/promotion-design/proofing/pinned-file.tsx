import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilePin } from '@promo/shared';
import { cn } from '@/lib/cn';
import type { PinPlacement } from './api';
import { drawFirstPage } from './pdf-first-page';
import { useTouchGestures } from './touch-gestures';
import type { ZoomControl } from './zoomable-file';

/** What is reviewed: an image rendition, or the first page of a PDF. */
export type ReviewedFile = { kind: 'image'; src: string; name: string } | { kind: 'pdf'; src: string; name: string };

/** A drag shorter than this (in CSS pixels) is a click: a point, not an area. */
const CLICK_TOLERANCE = 6;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const percent = (v: number) => `${(v * 100).toFixed(3)}%`;

interface Props {
  file: ReviewedFile;
  pins: FilePin[];
  selected: number | null;
  onSelect: (pinId: number) => void;
  /** Placing is offered when given: a click marks a point, a drag an area. */
  onPlace?: (place: PinPlacement) => void;
  /** The placement being written, drawn until it is saved or dropped. */
  draft?: PinPlacement | null;
  /** The keyboard's way: Enter places a point in the middle, the arrow keys move it. */
  onMoveDraft?: (place: PinPlacement) => void;
  /** The width the file is drawn at. */
  width: number;
  /** Zooming by touch (a phone's viewer): double tap, pinch and one-finger drag. */
  zoom?: ZoomControl;
}

/**
 * A file with its numbered pins over it, positioned in fractions of its size so every rendition
 * shows them in place. Each pin is a button (its number and text are its name); with `onPlace`
 * a click on the file marks a point and a drag an area. A finger taps a point; its drags, pinches
 * and double taps go to `zoom` (issue 21).
 */
export function PinnedFile({ file, pins, selected, onSelect, onPlace, draft, onMoveDraft, width, zoom }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number; id: number } | null>(null);

  useEffect(() => {
    if (file.kind !== 'pdf' || !canvas.current) return;
    const abort = new AbortController();
    setFailed(false);
    drawFirstPage(file.src, canvas.current, width, abort.signal).catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [file.kind, file.src, width]);

  const at = (e: { clientX: number; clientY: number }) => {
    const r = box.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const touch = useTouchGestures({
    onTap: (p) => onPlace?.(at(p)),
    onDoubleTap: (p) => zoom?.onDoubleTap(p),
    onPinch: (scale, centre, phase) => zoom?.onPinch(scale, centre, phase),
    onPan: (dx, dy) => zoom?.onPan(dx, dy),
  });
  const byFinger = (e: PointerEvent) => e.pointerType === 'touch' && !(e.target as HTMLElement).closest('[data-pin]');
  const onDown = (e: PointerEvent) => {
    if (byFinger(e)) return touch.onPointerDown(e);
    if (!onPlace || e.button !== 0 || (e.target as HTMLElement).closest('[data-pin]')) return;
    const p = at(e);
    box.current!.setPointerCapture(e.pointerId);
    setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y, id: e.pointerId });
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return touch.onPointerMove(e);
    if (drag?.id !== e.pointerId) return;
    const p = at(e);
    setDrag({ ...drag, x1: p.x, y1: p.y });
  };
  const onUp = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return touch.onPointerUp(e);
    if (drag?.id !== e.pointerId || !onPlace) return;
    setDrag(null);
    const r = box.current!.getBoundingClientRect();
    const [x, y] = [Math.min(drag.x0, drag.x1), Math.min(drag.y0, drag.y1)];
    const [w, h] = [Math.abs(drag.x1 - drag.x0), Math.abs(drag.y1 - drag.y0)];
    if (w * r.width < CLICK_TOLERANCE && h * r.height < CLICK_TOLERANCE) onPlace({ x: drag.x0, y: drag.y0 });
    else onPlace({ x, y, width: Math.max(w, 0.001), height: Math.max(h, 0.001) });
  };
  const STEP = 0.02;
  const onKey = (e: KeyboardEvent) => {
    if (!onPlace || e.target !== box.current) return;
    if ((e.key === 'Enter' || e.key === ' ') && !draft) {
      e.preventDefault();
      onPlace({ x: 0.5, y: 0.5 });
      return;
    }
    const move = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[e.key];
    if (!move || !draft || !onMoveDraft) return;
    e.preventDefault();
    const [dx, dy] = move as [number, number];
    const w = draft.width ?? 0;
    const h = draft.height ?? 0;
    onMoveDraft({ ...draft, x: Math.min(1 - w, Math.max(0, draft.x + dx)), y: Math.min(1 - h, Math.max(0, draft.y + dy)) });
  };
  const shown = drag
    ? { x: Math.min(drag.x0, drag.x1), y: Math.min(drag.y0, drag.y1), width: Math.abs(drag.x1 - drag.x0), height: Math.abs(drag.y1 - drag.y0) }
    : draft;

  return (
    <div
      ref={box}
      className={cn('relative w-fit touch-none select-none', !zoom && 'max-w-full', onPlace && 'cursor-crosshair')}
      style={{ width }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={(e) => (e.pointerType === 'touch' ? touch.onPointerCancel(e) : setDrag(null))}
      onKeyDown={onKey}
      tabIndex={onPlace ? 0 : undefined}
      role={onPlace ? 'application' : undefined}
      aria-label={onPlace ? t('proofing.place_help', { name: file.name }) : undefined}
      data-testid="pinned-file"
    >
      {file.kind === 'image' ? (
        <img src={file.src} alt={file.name} draggable={false} className="block h-auto w-full rounded-md border border-border" />
      ) : (
        <>
          <canvas ref={canvas} role="img" aria-label={t('proofing.pdf_first_page', { name: file.name })} className="block rounded-md border border-border bg-white" />
          {failed && <p className="p-4 text-sm text-destructive">{t('proofing.pdf_failed')}</p>}
        </>
      )}
      {pins.map((pin) => (
        <PinMark key={pin.id} pin={pin} selected={pin.id === selected} onSelect={() => onSelect(pin.id)} />
      ))}
      {shown && (
        <span
          aria-hidden
          className="pointer-events-none absolute rounded-sm border-2 border-dashed border-amber-500 bg-amber-300/20"
          style={{ left: percent(shown.x), top: percent(shown.y), width: shown.width ? percent(shown.width) : 14, height: shown.height ? percent(shown.height) : 14 }}
        />
      )}
    </div>
  );
}

function PinMark({ pin, selected, onSelect }: { pin: FilePin; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const resolved = pin.status === 'resolved';
  const label = t('proofing.pin_label', { number: pin.number, text: pin.text, status: t(`proofing.status.${pin.status}`) });
  return (
    <>
      {pin.width !== null && pin.height !== null && (
        <span
          aria-hidden
          className={cn('pointer-events-none absolute rounded-sm border-2', resolved ? 'border-emerald-600/60' : 'border-amber-600', selected && 'ring-2 ring-primary')}
          style={{ left: percent(pin.x), top: percent(pin.y), width: percent(pin.width), height: percent(pin.height) }}
        />
      )}
      <button
        type="button"
        data-pin={pin.number}
        aria-label={label}
        aria-pressed={selected}
        title={pin.text}
        onClick={onSelect}
        className={cn(
          'absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-xs font-bold text-white shadow',
          resolved ? 'bg-emerald-700' : 'bg-amber-700',
          selected && 'ring-2 ring-primary ring-offset-1',
        )}
        style={{ left: percent(pin.x), top: percent(pin.y) }}
      >
        {pin.number}
      </button>
    </>
  );
}
