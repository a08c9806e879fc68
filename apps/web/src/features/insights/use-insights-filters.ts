import { useMemo } from 'react';
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
 */
export function useInsightsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(NAMES.map((k) => [k, VALID[k](params.get(k) ?? '') ? params.get(k)! : ''])) as unknown as InsightsFilters,
    [params],
  );
  const setFilters = (patch: Partial<InsightsFilters>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  return { filters, setFilters };
}
