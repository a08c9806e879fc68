import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Which edges of a box have more to see beyond them. */
interface Overflow {
  left: boolean;
  right: boolean;
}

const NONE: Overflow = { left: false, right: false };
const same = (a: Overflow, b: Overflow) => a.left === b.left && a.right === b.right;

function overflowOf(box: HTMLElement): Overflow {
  // A pixel of rounding is no overflow (a zoomed page gives fractional widths).
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return NONE;
  return { left: box.scrollLeft > 1, right: box.scrollLeft < hidden - 1 };
}

/**
 * A box whose content may be wider than the screen (a table on a phone) and that shows it (issue
 * 33): a shadow on each edge that has more beyond it, and `hint` under the box while anything is
 * hidden. The box takes the keyboard's focus, so the arrow keys scroll it too; `labelledBy` names it.
 */
export function SideScroll({ labelledBy, hint, className, children }: { labelledBy: string; hint: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);
  const measure = useCallback(() => {
    if (!box.current) return;
    const next = overflowOf(box.current);
    setOverflow((prev) => (same(prev, next) ? prev : next));
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    // The box's width (a rotated phone, a table shown after being hidden) and the content's width.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => observer?.disconnect();
  }, [measure]);

  const edge = 'pointer-events-none absolute inset-y-0 w-6 from-black/15 to-transparent transition-opacity';
  return (
    <div className={cn('grid min-w-0 grid-cols-1', className)} data-overflow-left={overflow.left} data-overflow-right={overflow.right}>
      <div className="relative min-w-0">
        <div
          ref={box}
          role="region"
          aria-labelledby={labelledBy}
          tabIndex={0}
          onScroll={measure}
          className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="side-scroll"
        >
          {children}
        </div>
        <div aria-hidden className={cn(edge, 'left-0 bg-gradient-to-r', overflow.left ? 'opacity-100' : 'opacity-0')} data-testid="side-scroll-shadow-left" />
        <div aria-hidden className={cn(edge, 'right-0 bg-gradient-to-l', overflow.right ? 'opacity-100' : 'opacity-0')} data-testid="side-scroll-shadow-right" />
      </div>
      {(overflow.left || overflow.right) && (
        <p className="flex items-center gap-1.5 px-3 py-1.5 text-xs text-muted-foreground" data-testid="side-scroll-hint">
          <MoveHorizontal className="size-3.5 shrink-0" aria-hidden />
          {hint}
        </p>
      )}
    </div>
  );
}
