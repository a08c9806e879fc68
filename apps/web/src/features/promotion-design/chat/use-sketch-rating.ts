import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import type { ChatData, ChatMessage, FileReview, ReviewDecisionKind } from '@promo/shared';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { designReviewsQuery, reviewKeys } from '@/features/reviews/api';
import type { DecisionMode } from '@/features/reviews/panel/decision-dialog';
import { useReviewDecisions } from '@/features/reviews/panel/use-review-decisions';
import { designPageKeys } from '../api';
import { rateSketch } from './api';
import { chatKey, replaceMessage } from './chat-cache';

/** A rating of 2 or 3 that did not decide: said under the sketch, with "Decide for …" for an admin. */
export interface RatingNotice {
  messageId: number;
  rating: number;
  stage: string;
}

/** The review panel's decision dialog, opened from a rating. */
export interface RatingDialog {
  review: FileReview;
  mode: DecisionMode;
  preset?: { reviewer?: number; decision?: ReviewDecisionKind };
}

/** The server refused a rating because a change request needs a comment (decision 040). */
const needsComment = (err: unknown) => {
  const errors = isAxiosError<ApiErrorBody>(err) ? err.response?.data?.errors : undefined;
  return !!errors && !Array.isArray(errors) && !!errors.comment;
};

/**
 * Rating a sketch in the chat, one way with the review panel (issue 33, decision 040): for a
 * reviewer of the stage the sketch waits in, "Rejected" opens the panel's change-request dialog
 * (a comment is required) and "Approved" approves; anyone else's rating only changes the mark,
 * which is said under the sketch, with "Decide for <reviewer>" where an admin may do that.
 */
export function useSketchRating(chatId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reviews = useQuery({ ...designReviewsQuery(chatId), enabled: chatId > 0 });
  const decisions = useReviewDecisions(chatId);
  const [dialog, setDialog] = useState<RatingDialog | null>(null);
  const [notice, setNotice] = useState<RatingNotice | null>(null);
  const reviewOf = (messageId: number) => reviews.data?.find((r) => r.message_id === messageId);

  const showError = (err: unknown) => {
    if (!isAxiosError<ApiErrorBody>(err)) return;
    const description = errorLines(err.response?.data, t) || (err.response ? t('errors.unknown') : t('errors.network'));
    toast({ variant: 'destructive', title: t('errors.error'), description });
  };

  const rate = useMutation({
    mutationFn: ({ messageId, rating }: { messageId: number; rating: number }) => rateSketch(chatId, messageId, rating),
    onSuccess: (res, { messageId, rating }) => {
      const answer = res.data;
      queryClient.setQueryData<ChatData>(chatKey(chatId), (d) => (d ? replaceMessage(d, answer.message) : d));
      // Approved and cancelled move the design's status (decision 030) or its review (decision 040).
      void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
      if (answer.effect !== 'status') void queryClient.invalidateQueries({ queryKey: reviewKeys.design(chatId) });
      if (answer.effect === 'decision') toast({ title: serverMessage(res) });
      setNotice(answer.effect === 'reaction' && rating !== 1 && answer.review_stage ? { messageId, rating, stage: answer.review_stage } : null);
    },
    onError: async (err, { messageId }) => {
      // The panel's data was behind (the rater has just become a reviewer): the server asks for the comment.
      if (needsComment(err)) {
        const fresh = await queryClient.fetchQuery(designReviewsQuery(chatId)).catch(() => undefined);
        const review = fresh?.find((r) => r.message_id === messageId);
        if (review) return setDialog({ review, mode: 'changes' });
      }
      showError(err);
    },
  });

  const onRate = (message: ChatMessage, rating: number) => {
    setNotice(null);
    const review = reviewOf(message.message_id);
    if (rating === 2 && review?.can_decide) setDialog({ review, mode: 'changes' });
    else rate.mutate({ messageId: message.message_id, rating });
  };

  const decideFor = (reviewerId: number) => {
    const review = notice && reviewOf(notice.messageId);
    if (review) setDialog({ review, mode: 'for', preset: { reviewer: reviewerId, decision: notice.rating === 3 ? 'approve' : 'changes' } });
  };

  return {
    onRate,
    notice,
    noticeReview: notice ? reviewOf(notice.messageId) : undefined,
    dismissNotice: () => setNotice(null),
    decideFor,
    dialog,
    closeDialog: () => setDialog(null),
    decisions,
  };
}
