import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Milestone } from '@promo/shared';
import { milestonesQuery } from '@/features/promotions/milestones-api';
import { ReviewFlowEditor } from './review-flow-editor';
import { usePromotionReviewsLive } from './use-reviews-live';

/**
 * A promotion's review flow beside its milestones: each stage shows the day it falls on as it is
 * edited. On the promotion's page it also keeps the design list's review marks live.
 */
export function PromotionReviewFlow({ promotionId }: { promotionId: number }) {
  const milestones = useQuery(milestonesQuery(promotionId));
  usePromotionReviewsLive(promotionId);
  const rows = milestones.data?.milestones;
  const days = useMemo(() => (rows ? (Object.fromEntries(rows.map((r) => [r.milestone, r.due_on])) as Partial<Record<Milestone, string>>) : undefined), [rows]);
  return <ReviewFlowEditor promotionId={promotionId} milestoneDays={days} />;
}
