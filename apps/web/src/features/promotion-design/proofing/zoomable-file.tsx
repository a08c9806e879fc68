import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus, Scan } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
/** A double tap zooms in this far, and back out from anything else. */
const DOUBLE_TAP_ZOOM = 2.5;
const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** What a file's touch gestures do to its zoom: PinnedFile calls these for a double tap, a pinch and a drag. */
export interface ZoomControl {
  onDoubleTap: (p: { clientX: number; clientY: number }) => void;
  onPinch: (scale: number, centre: { clientX: number; clientY: number }, phase: 'start' | 'move' | 'end') => void;
  onPan: (dx: number, dy: number) => void;
}

/**
 * A file drawn larger than its box, scrolled inside it (issue 21): pinch and double tap zoom about
 * the fingers, one finger moves it, and − / fit / + buttons do the same for a thumb or a keyboard.
 * The file is redrawn at the zoomed width (its pins are placed in fractions, so they follow).
 */
export function ZoomableFile({ width, render }: { width: number; render: (zoomedWidth: number, zoom: ZoomControl) => ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const pinchFrom = useRef(1);
  /** The point of the file under the fingers, kept there while the zoom changes. */
  const anchor = useRef<{ fx: number; fy: number; ox: number; oy: number } | null>(null);

  const zoomAt = (next: number, clientX?: number, clientY?: number) => {
    const el = box.current;
    const content = el?.firstElementChild as HTMLElement | null;
    if (el && content) {
      const r = el.getBoundingClientRect();
      const c = content.getBoundingClientRect();
      const x = clientX ?? r.left + r.width / 2;
      const y = clientY ?? r.top + r.height / 2;
      anchor.current = { fx: (x - c.left) / c.width, fy: (y - c.top) / c.height, ox: x - r.left, oy: y - r.top };
    }
    setZoom(clampZoom(next));
  };
  useLayoutEffect(() => {
    const el = box.current;
    const content = el?.firstElementChild as HTMLElement | null;
    const a = anchor.current;
    if (!el || !content || !a) return;
    anchor.current = null;
    el.scrollLeft = a.fx * content.offsetWidth - a.ox;
    el.scrollTop = a.fy * content.offsetHeight - a.oy;
  }, [zoom]);

  const control: ZoomControl = {
    onDoubleTap: (p) => zoomAt(zoom > MIN_ZOOM ? MIN_ZOOM : DOUBLE_TAP_ZOOM, p.clientX, p.clientY),
    onPinch: (scale, centre, phase) => {
      if (phase === 'start') pinchFrom.current = zoom;
      else if (phase === 'move') zoomAt(pinchFrom.current * scale, centre.clientX, centre.clientY);
    },
    onPan: (dx, dy) => box.current?.scrollBy({ left: -dx, top: -dy }),
  };

  return (
    <div className="grid gap-2">
      <div ref={box} className="max-h-[calc(100dvh-13rem)] overflow-auto overscroll-contain rounded-md" data-testid="zoom-box" data-zoom={zoom}>
        {render(Math.round(width * zoom), control)}
      </div>
      <div className="flex items-center justify-center gap-2" role="group" aria-label={t('proofing.phone.zoom')}>
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('proofing.phone.zoom_out')} disabled={zoom <= MIN_ZOOM} onClick={() => zoomAt(zoom / 1.5)}>
          <Minus />
        </Button>
        <Button type="button" variant="outline" className="h-11 min-w-20 tabular-nums" onClick={() => zoomAt(MIN_ZOOM)}>
          <Scan /> <span className="sr-only">{t('proofing.phone.zoom_fit')}</span> {formatCount(Math.round(zoom * 100))} %
        </Button>
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('proofing.phone.zoom_in')} disabled={zoom >= MAX_ZOOM} onClick={() => zoomAt(zoom * 1.5)}>
          <Plus />
        </Button>
      </div>
    </div>
  );
}
