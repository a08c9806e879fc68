import { useQueryClient } from '@tanstack/react-query';
import { REVIEW_EVENT, type ReviewEventPayload } from '@promo/shared';
import { useChatEvents, useRealtimeEvent } from '@/lib/realtime';
import { designPageKeys } from '@/features/promotion-design/api';
import { promotionKeys, surfacesWithDesignsQuery } from '@/features/promotions/api';
import { reviewKeys } from './api';

/**
 * Keeps a design's reviews live: a decision, a skip or a new version entering the flow (REVIEW_EVENT),
 * and any new message of the chat (a new file version starts its way through the stages), ask
 * again. After a lost connection too, since events in between were missed.
 */
export function useReviewsLive(chatId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.design(chatId) });
  useRealtimeEvent<ReviewEventPayload>(
    REVIEW_EVENT,
    (e) => {
      if (e?.chat_id !== chatId) return;
      refresh();
      // The design's status follows the decisions, and the lists show where each design waits.
      void queryClient.invalidateQueries({ queryKey: [...designPageKeys.all, 'page'] });
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    refresh,
  );
  useChatEvents(chatId, {
    onEvent: (event) => {
      if (event === 'AddNewMessageEvent') refresh();
    },
    onResubscribe: refresh,
  });
}

/**
 * Keeps a promotion's design list live (issue 33): a decision or a rating on one of its designs
 * moves the stage mark and the status of that design on every open promotion page.
 */
export function usePromotionReviewsLive(promotionId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: surfacesWithDesignsQuery(promotionId).queryKey });
  useRealtimeEvent<ReviewEventPayload>(
    REVIEW_EVENT,
    (e) => {
      if (e?.promotion_id === promotionId) refresh();
    },
    refresh,
  );
}
