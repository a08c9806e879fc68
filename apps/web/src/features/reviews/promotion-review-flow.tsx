import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Milestone } from '@promo/shared';
import { milestonesQuery } from '@/features/promotions/milestones-api';
import { ReviewFlowEditor } from './review-flow-editor';

/** A promotion's review flow beside its milestones: each stage shows the day it falls on as it is edited. */
export function PromotionReviewFlow({ promotionId }: { promotionId: number }) {
  const milestones = useQuery(milestonesQuery(promotionId));
  const rows = milestones.data?.milestones;
  const days = useMemo(() => (rows ? (Object.fromEntries(rows.map((r) => [r.milestone, r.due_on])) as Partial<Record<Milestone, string>>) : undefined), [rows]);
  return <ReviewFlowEditor promotionId={promotionId} milestoneDays={days} />;
}
