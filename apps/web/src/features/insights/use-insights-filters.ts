import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { GROUPS, isDayString } from '@promo/shared';
import type { InsightsFilters } from './api';

type Check = (value: string) => boolean;
/** What each filter of the URL may hold; anything else reads as no filter. */
const VALID: Record<keyof InsightsFilters, Check> = {
  from: isDayString,
  to: isDayString,
  category: (v) => /^[1-9]\d{0,9}$/.test(v),
  group: (v) => (GROUPS as readonly string[]).includes(v),
};
const NAMES = Object.keys(VALID) as (keyof InsightsFilters)[];

/**
 * The filters of /insights in the URL's search params (from=, to=, category=, group=), so a reload,
 * back and a shared link show the same figures. Each change pushes a history entry.
 *
 * React Router's setter does not queue: two changes before the next render (a category picked, then
 * a group at once) would each start from the same URL and the second would undo the first. The
 * params written last are kept until the router renders them.
 */
export function useInsightsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(NAMES.map((k) => [k, VALID[k](params.get(k) ?? '') ? params.get(k)! : ''])) as unknown as InsightsFilters,
    [params],
  );
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [params]);
  const setFilters = (patch: Partial<InsightsFilters>) => {
    const next = new URLSearchParams(written.current ?? params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    written.current = next;
    setParams(next);
  };
  return { filters, setFilters };
}
