import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileReview } from '@promo/shared';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { designPageKeys } from '@/features/promotion-design/api';
import { chatKey } from '@/features/promotion-design/chat/chat-cache';
import { promotionKeys } from '@/features/promotions/api';
import { decide, reviewKeys, skipStage, withReview } from '../api';

/**
 * Deciding and skipping on a design's versions, for the review panel and the sketch rating in the
 * chat alike (one way to decide, issue 33): the answer goes into the panel's cache, and whatever a
 * decision moves is asked again.
 */
export function useReviewDecisions(chatId: number) {
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();

  const settled = (review: FileReview | undefined) => {
    if (review?.message_id) queryClient.setQueryData<FileReview[]>(reviewKeys.design(chatId), (list) => withReview(list, review));
    void queryClient.invalidateQueries({ queryKey: reviewKeys.design(chatId) });
    // The design's status follows the decisions; the lists show where designs wait; a sketch's rating mark follows its decision.
    void queryClient.invalidateQueries({ queryKey: [...designPageKeys.all, 'page'] });
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    if (review?.type_file === 'Sketch') void queryClient.invalidateQueries({ queryKey: chatKey(chatId) });
  };
  const decision = useMutation({
    mutationFn: decide,
    onSuccess: (res) => {
      feedback.success(res);
      settled(res.data?.review);
    },
    onError: (err) => feedback.failure(err),
  });
  const skip = useMutation({
    mutationFn: ({ messageId, reason, stageId }: { messageId: number; reason: string; stageId: number | null }) => skipStage(chatId, messageId, reason, stageId),
    onSuccess: (res) => {
      feedback.success(res);
      settled(res.data?.review);
    },
    onError: (err) => feedback.failure(err),
  });
  const busy = (messageId: number) =>
    (decision.isPending && decision.variables?.messageId === messageId) || (skip.isPending && skip.variables?.messageId === messageId);

  return { decision, skip, busy };
}
