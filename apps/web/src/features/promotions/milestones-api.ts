import { queryOptions } from '@tanstack/react-query';
import { milestones, type PromotionMilestonesBody, type PromotionMilestonesData } from '@promo/shared';
import { call } from '@/lib/api-client';

export const milestoneKeys = { of: (id: number) => ['promotions', 'milestones', id] as const };

export const milestonesQuery = (id: number) =>
  queryOptions({
    queryKey: milestoneKeys.of(id),
    queryFn: async ({ signal }) => {
      const res = await call<PromotionMilestonesData>(milestones.get, { params: { id } }, { silent: true, signal });
      if (!Array.isArray(res.data?.milestones)) throw new Error('Unexpected data format');
      return res.data;
    },
  });

/** Days sent as 'YYYY-MM-DD'; '' puts a milestone back on its default. */
export const saveMilestones = (id: number, body: Partial<Record<keyof PromotionMilestonesBody, string>>) =>
  call<PromotionMilestonesData>(milestones.update, { params: { id }, body: { ...body } }, { silent: true });
