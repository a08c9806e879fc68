/**
 * How far up from the bottom of the screen fixed bars reach there (the planner's save bar, the
 * offline status), so something placed at the bottom on a phone (a toast) sits above them rather
 * than over their buttons. Found where the toast would be, in the middle of the screen's foot; a
 * fixed layer as tall as half the screen (a dialog's overlay) is no bar and is passed over.
 */
export function bottomBarsHeight(skip?: Element | null): number {
  const { innerWidth: width, innerHeight: height } = window;
  let top = height;
  for (const hit of document.elementsFromPoint(width / 2, height - 1)) {
    for (let el: Element | null = hit; el && el !== document.body; el = el.parentElement) {
      if (skip?.contains(el) || getComputedStyle(el).position !== 'fixed') continue;
      const box = el.getBoundingClientRect();
      if (box.height < height / 2 && box.bottom >= height - 1) top = Math.min(top, box.top);
    }
  }
  return Math.max(0, height - top);
}
