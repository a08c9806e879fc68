import { useQueryClient } from '@tanstack/react-query';
import { DESIGN_STATUS_EVENT, type ChatData, type DesignPageData, type DesignStatusEventPayload } from '@promo/shared';
import { useRealtimeEvent } from '@/lib/realtime';
import { designPageKeys } from './api';
import { chatKey } from './chat/chat-cache';

const pages = [...designPageKeys.all, 'page'] as const;

/**
 * Keeps an open design's status live: a status set by someone else (the cm) shows at once, and
 * with it what the status allows (HQ and LQ files). After a lost connection the page is fetched again.
 */
export function useDesignStatusLive(psdId: number, chatId: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent<DesignStatusEventPayload>(
    DESIGN_STATUS_EVENT,
    (e) => {
      if (e.promotion_surface_design_id !== psdId) return;
      queryClient.setQueriesData<DesignPageData | null>({ queryKey: pages }, (d) =>
        d?.id === psdId ? { ...d, data: { ...d.data, status: e.status }, updated_at: e.updated_at } : d,
      );
      queryClient.setQueryData<ChatData>(chatKey(chatId), (d) => d && { chat: { ...d.chat, design_status: e.status } });
      // The promotion's status may follow its designs'.
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
    () => void queryClient.invalidateQueries({ queryKey: pages }),
  );
}
