import { useRef, type PointerEvent } from 'react';

/** A touch that moves less than this (CSS px) is a tap; a second tap this close and soon is a double tap. */
const TAP_SLOP = 10;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 30;

export interface TouchGestures {
  /** One finger tapped once (called after the double-tap window has passed). */
  onTap: (e: { clientX: number; clientY: number }) => void;
  onDoubleTap: (e: { clientX: number; clientY: number }) => void;
  /** One finger dragging: how far it moved since the last call (the zoomed file scrolls with it). */
  onPan: (dx: number, dy: number) => void;
  /** Two fingers: the factor since the pinch began, and the point between them. */
  onPinch: (scale: number, centre: { clientX: number; clientY: number }, phase: 'start' | 'move' | 'end') => void;
}

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Taps, double taps, drags and pinches of touch pointers on a file (issue 21), all handled here
 * (the file has touch-action: none, so the browser neither scrolls nor zooms the page under
 * them). A tap waits out the double-tap window, so a double tap zooms instead of placing two pins.
 */
export function useTouchGestures(g: TouchGestures) {
  const gestures = useRef(g);
  gestures.current = g;
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<{ at: Point; time: number; moved: boolean } | null>(null);
  const pinch = useRef<{ from: number } | null>(null);
  const lastTap = useRef<{ at: Point; time: number; timer: ReturnType<typeof setTimeout> } | null>(null);

  const centre = () => {
    const [a, b] = [...pointers.current.values()] as [Point, Point];
    return { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 };
  };
  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) start.current = { at: { x: e.clientX, y: e.clientY }, time: e.timeStamp, moved: false };
    if (pointers.current.size === 2) {
      start.current = null;
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      pinch.current = { from: Math.max(1, distance(a, b)) };
      gestures.current.onPinch(1, centre(), 'start');
    }
  };
  const onPointerMove = (e: PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (start.current && distance(start.current.at, { x: e.clientX, y: e.clientY }) > TAP_SLOP) start.current.moved = true;
    if (start.current?.moved && pointers.current.size === 1) gestures.current.onPan(e.clientX - before.x, e.clientY - before.y);
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      gestures.current.onPinch(distance(a, b) / pinch.current.from, centre(), 'move');
    }
  };
  const onPointerEnd = (e: PointerEvent, cancelled: boolean) => {
    if (!pointers.current.has(e.pointerId)) return;
    if (pinch.current && pointers.current.size === 2) {
      gestures.current.onPinch(1, centre(), 'end');
      pinch.current = null;
    }
    pointers.current.delete(e.pointerId);
    const tap = start.current;
    start.current = null;
    if (cancelled || !tap || tap.moved || pointers.current.size > 0) return;
    const at = { x: e.clientX, y: e.clientY };
    const last = lastTap.current;
    if (last && e.timeStamp - last.time < DOUBLE_TAP_MS && distance(last.at, at) < DOUBLE_TAP_SLOP) {
      clearTimeout(last.timer);
      lastTap.current = null;
      gestures.current.onDoubleTap({ clientX: at.x, clientY: at.y });
      return;
    }
    const timer = setTimeout(() => {
      lastTap.current = null;
      gestures.current.onTap({ clientX: at.x, clientY: at.y });
    }, DOUBLE_TAP_MS);
    lastTap.current = { at, time: e.timeStamp, timer };
  };
  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: PointerEvent) => onPointerEnd(e, false),
    onPointerCancel: (e: PointerEvent) => onPointerEnd(e, true),
  };
}
