import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designReviewsQuery } from '../api';
import { useReviewsLive } from '../use-reviews-live';
import { ReviewCard } from './review-card';
import { useReviewDecisions } from './use-review-decisions';

/**
 * The design page's review panel (issue 25): how each current Sketch, HQ and LQ version stands in
 * the promotion's review flow, and the caller's part in it. Live: decisions of others, skips and
 * new versions show at once.
 */
export function DesignReviews({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const query = useQuery(designReviewsQuery(chatId));
  useReviewsLive(chatId);
  const { decision, skip, busy } = useReviewDecisions(chatId);

  // A failed load stays silent (the page has more to show); nothing is said until there is data. No
  // version in review (no files yet, a promotion without stages, files sent before the flows): no panel.
  if (!query.data?.length) return null;

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
          onSkip={(reason) => skip.mutateAsync({ messageId: r.message_id, reason, stageId: r.stage_id })}
        />
      ))}
    </section>
  );
}
