import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileReview } from '@promo/shared';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { designPageKeys } from '@/features/promotion-design/api';
import { promotionKeys } from '@/features/promotions/api';
import { decide, designReviewsQuery, reviewKeys, skipStage, withReview } from '../api';
import { useReviewsLive } from '../use-reviews-live';
import { ReviewCard } from './review-card';

/**
 * The design page's review panel (issue 25): how each current Sketch, HQ and LQ version stands in
 * the promotion's review flow, and the caller's part in it. Live: decisions of others, skips and
 * new versions show at once.
 */
export function DesignReviews({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const query = useQuery(designReviewsQuery(chatId));
  useReviewsLive(chatId);

  const settled = (review: FileReview | undefined) => {
    if (review?.message_id) queryClient.setQueryData<FileReview[]>(reviewKeys.design(chatId), (list) => withReview(list, review));
    void queryClient.invalidateQueries({ queryKey: reviewKeys.design(chatId) });
    // The design's status follows the decisions; the lists show where designs wait.
    void queryClient.invalidateQueries({ queryKey: [...designPageKeys.all, 'page'] });
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
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
    mutationFn: ({ messageId, reason }: { messageId: number; reason: string }) => skipStage(chatId, messageId, reason),
    onSuccess: (res) => {
      feedback.success(res);
      settled(res.data?.review);
    },
    onError: (err) => feedback.failure(err),
  });

  // A failed load stays silent (the page has more to show); nothing is said until there is data. No
  // version in review (no files yet, a promotion without stages, files sent before the flows): no panel.
  if (!query.data?.length) return null;
  const busy = (messageId: number) =>
    (decision.isPending && decision.variables?.messageId === messageId) || (skip.isPending && skip.variables?.messageId === messageId);

  return (
    <section className="grid gap-3 rounded-md border border-border bg-background p-3 sm:p-4" data-testid="design-reviews" aria-labelledby="design-reviews-title">
      <h2 id="design-reviews-title" className="text-lg font-semibold">
        {t('reviews.panel.title')}
      </h2>
      {query.data.map((r) => (
        <ReviewCard
          key={r.message_id}
          chatId={chatId}
          review={r}
          busy={busy(r.message_id)}
          onDecide={(input) => decision.mutateAsync(input)}
          onSkip={(reason) => skip.mutateAsync({ messageId: r.message_id, reason })}
        />
      ))}
    </section>
  );
}
