import { useSyncExternalStore } from 'react';

/** Whether a media query matches now; re-renders when that changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below Tailwind's `sm` (640 px): the station pages lay out for a phone and a thumb (issue 21). */
export const usePhone = () => useMediaQuery('(max-width: 639.98px)');
