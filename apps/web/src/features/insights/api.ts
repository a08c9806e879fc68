import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  insights,
  type CostInsights,
  type DeadlineInsights,
  type DeliveryInsights,
  type Endpoint,
  type PrintQualityInsights,
  type TurnaroundInsights,
} from '@promo/shared';
import { call } from '@/lib/api-client';

/** The page's filters as the URL holds them: '' for none. */
export interface InsightsFilters {
  from: string;
  to: string;
  category: string;
  group: string;
}

const toQuery = (f: InsightsFilters) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  category_id: f.category || undefined,
  group: f.group || undefined,
});

/** An answer is applied only when its shape is right (spec 000 §7): its range and every list it names. */
function hasShape(data: unknown, lists: readonly string[]): boolean {
  const d = data as Record<string, unknown> | undefined;
  const range = d?.range as Record<string, unknown> | undefined;
  return typeof range?.from === 'string' && typeof range.to === 'string' && lists.every((k) => Array.isArray(d?.[k]));
}

/** One section's figures under the filters; the last answer stays while a new filter is asked. */
const sectionQuery = <T>(name: string, endpoint: Endpoint, lists: readonly string[]) => (filters: InsightsFilters, enabled: boolean) =>
  queryOptions({
    queryKey: ['insights', name, filters],
    queryFn: async ({ signal }) => {
      const res = await call<T>(endpoint, { query: toQuery(filters) }, { silent: true, signal });
      if (!hasShape(res.data, lists)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
    enabled,
  });

export const costQuery = sectionQuery<CostInsights>('cost', insights.cost, ['by_month', 'by_promotion', 'by_category', 'top_surfaces', 'by_group', 'top_stations']);
export const deadlinesQuery = sectionQuery<DeadlineInsights>('deadlines', insights.deadlines, ['milestones', 'by_month', 'late']);
export const deliveryQuery = sectionQuery<DeliveryInsights>('delivery', insights.delivery, ['by_group', 'late_stations', 'without_photos']);
export const turnaroundQuery = sectionQuery<TurnaroundInsights>('turnaround', insights.turnaround, ['by_category', 'by_designer']);
export const printQualityQuery = sectionQuery<PrintQualityInsights>('print-quality', insights.printQuality, ['by_designer', 'by_check']);
