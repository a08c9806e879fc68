import { useEffect } from 'react';

/**
 * Brings the element a deep link names into view once it is on the page, and marks it (issue 21):
 * "1 parcel to confirm" on the start page opens the promotion at that parcel, not at its top.
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
    target.focus({ preventScroll: true });
  }, [testId, ready]);
}
