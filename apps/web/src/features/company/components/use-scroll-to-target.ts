import { useEffect } from 'react';

/** Space between a sticky header's foot and the target it was scrolled to. */
const GAP_PX = 8;

/**
 * How far down from the top of the screen sticky or fixed headers reach, over the column of the
 * screen `x`: the station's promotion sheet keeps its header (back link, name, period, status,
 * deadline) stuck at the top on a phone, taller than any fixed margin once the name or the badges
 * wrap (issue 33). A layer as tall as half the screen is no header and is passed over.
 */
function stuckHeadersBottom(x: number): number {
  let bottom = 0;
  for (const hit of document.elementsFromPoint(x, 1)) {
    for (let el: Element | null = hit; el && el !== document.body; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position !== 'sticky' && position !== 'fixed') continue;
      const box = el.getBoundingClientRect();
      if (box.top <= 1 && box.height < window.innerHeight / 2) bottom = Math.max(bottom, box.bottom);
    }
  }
  return bottom;
}

/**
 * Brings the element a deep link names into view once it is on the page, and marks it (issue 21):
 * "1 parcel to confirm" on the start page opens the promotion at that parcel, not at its top, and
 * its top edge below whatever header stays stuck over the page.
 */
export function useScrollToTarget(testId: string | null, ready: boolean) {
  useEffect(() => {
    if (!testId || !ready) return;
    const target = document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`);
    if (!target) return;
    // Marked (index.css) and focused as a whole: a screen reader starts there, and no field's
    // focus opens the phone's keyboard over it.
    target.dataset.target = 'true';
    target.tabIndex = -1;
    target.scrollIntoView({ block: 'start', behavior: 'auto' });
    // Only once scrolled are the headers stuck where they cover the page: measure them there, keep
    // the margin on the target (a later scrollIntoView honours it too) and scroll again.
    const box = target.getBoundingClientRect();
    const covered = stuckHeadersBottom(box.left + Math.min(box.width, window.innerWidth) / 2);
    if (covered > 0 && box.top < covered + GAP_PX) {
      target.style.scrollMarginTop = `${covered + GAP_PX}px`;
      target.scrollIntoView({ block: 'start', behavior: 'auto' });
    }
    target.focus({ preventScroll: true });
  }, [testId, ready]);
}
