import { queryOptions } from '@tanstack/react-query';
import { reviews, type DesignReviewsData, type FileReview, type ReviewDecisionKind, type ReviewFlowData } from '@promo/shared';
import { call } from '@/lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  flows: ['reviews', 'flow'] as const,
  /** A promotion's flow; null is the default flow of system settings. */
  flow: (promotionId: number | null) => ['reviews', 'flow', promotionId ?? 'default'] as const,
  design: (chatId: number) => ['reviews', 'design', chatId] as const,
};

/** A flow is used only when its shape is right; otherwise the editor keeps what it had. */
export function isFlowData(data: unknown): data is ReviewFlowData {
  const d = data as ReviewFlowData | undefined;
  return !!d && Array.isArray(d.stages) && Array.isArray(d.candidates) && typeof d.can_edit === 'boolean';
}

const flowOf = (data: { flow?: unknown } | undefined) => {
  if (!isFlowData(data?.flow)) throw new Error('Unexpected data format');
  return data.flow;
};

/** A promotion's flow (promotion_id) or, with null, the default flow of system settings. */
export const flowQuery = (promotionId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.flow(promotionId),
    queryFn: async ({ signal }) => {
      const res =
        promotionId === null
          ? await call<{ flow: ReviewFlowData }>(reviews.defaultFlow, {}, { silent: true, signal })
          : await call<{ flow: ReviewFlowData }>(reviews.flow, { query: { promotion_id: promotionId } }, { silent: true, signal });
      return flowOf(res.data);
    },
    // Reviewers (users) change on the users page: ask again on every visit.
    refetchOnMount: 'always',
  });

/** One stage as it is sent: a new stage has no id. */
export interface StageBody {
  id?: number;
  name: string;
  rule: string;
  roles: string[];
  user_ids: number[];
  due_milestone: string;
  due_offset_days: number;
}

export const saveFlow = (promotionId: number | null, stages: StageBody[]) =>
  promotionId === null
    ? call<{ flow: ReviewFlowData }>(reviews.saveDefaultFlow, { body: { stages } }, { silent: true })
    : call<{ flow: ReviewFlowData }>(reviews.saveFlow, { body: { promotion_id: promotionId, stages } }, { silent: true });

/** The current Sketch, HQ and LQ versions of a design's chat and where they stand. */
export const designReviewsQuery = (chatId: number) =>
  queryOptions({
    queryKey: reviewKeys.design(chatId),
    queryFn: async ({ signal }) => {
      const res = await call<DesignReviewsData>(reviews.design, { query: { chat_id: chatId } }, { silent: true, signal });
      if (!Array.isArray(res.data?.reviews)) throw new Error('Unexpected data format');
      return res.data.reviews;
    },
  });

export interface DecisionInput {
  chatId: number;
  messageId: number;
  decision: ReviewDecisionKind;
  comment?: string;
  pins?: number[];
  /** An admin deciding for this reviewer, with the reason. */
  onBehalfOf?: number;
  reason?: string;
}

export const decide = (d: DecisionInput) =>
  call<{ review: FileReview }>(
    reviews.decide,
    {
      body: {
        chat_id: d.chatId,
        message_id: d.messageId,
        decision: d.decision,
        comment: d.comment ?? '',
        pins: d.pins ?? [],
        ...(d.onBehalfOf !== undefined ? { on_behalf_of: d.onBehalfOf, reason: d.reason ?? '' } : {}),
      },
    },
    { silent: true },
  );

export const skipStage = (chatId: number, messageId: number, reason: string, stageId: number | null) =>
  call<{ review: FileReview }>(reviews.skip, { body: { chat_id: chatId, message_id: messageId, reason, ...(stageId === null ? {} : { stage_id: stageId }) } }, { silent: true });

/** The reviews list with one review replaced by the server's answer. */
export const withReview = (list: FileReview[] | undefined, review: FileReview) =>
  list?.map((r) => (r.message_id === review.message_id ? review : r));
