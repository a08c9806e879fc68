import { useQueryClient } from '@tanstack/react-query';
import { PIN_EVENT, type FilePin, type PinEventPayload } from '@promo/shared';
import { useChatEvents, useRealtimeEvent } from '@/lib/realtime';
import { designPageKeys } from '../api';
import { proofingKeys, withPin } from './api';

/**
 * Keeps the pins and versions of an open design live: a pin placed, answered, resolved or
 * reopened by anyone arrives on the user's channel; a new or changed message (a new version, a
 * finished preflight) makes the versions stale. After a lost connection both are fetched again.
 */
export function useProofingLive(chatId: number) {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: proofingKeys.pins(chatId) });
    void queryClient.invalidateQueries({ queryKey: proofingKeys.versions(chatId) });
  };
  useRealtimeEvent<PinEventPayload>(
    PIN_EVENT,
    (payload) => {
      if (payload?.chat_id !== chatId || !payload.pin) return;
      queryClient.setQueryData<FilePin[]>(proofingKeys.pins(chatId), (pins) => withPin(pins, payload.pin));
      // The open pins counted in the page's header.
      void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
    },
    refetch,
  );
  useChatEvents(chatId, {
    onEvent: (_event, payload) => {
      void queryClient.invalidateQueries({ queryKey: proofingKeys.versions(chatId) });
      // A message its sender deleted takes its pins with it (no pin event says so).
      if (payload.message?.delete_message && !payload.message.url_file) void queryClient.invalidateQueries({ queryKey: proofingKeys.pins(chatId) });
    },
  });
}
