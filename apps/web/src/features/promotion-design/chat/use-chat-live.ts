import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatData } from '@promo/shared';
import { useChatEvents } from '@/lib/realtime';
import { markChatRead } from './api';
import { applyChatEvent, chatKey, isUnreadFor } from './chat-cache';

/**
 * Keeps an open chat live: events merged into the cache, a refetch after a lost connection, and
 * the messages of others marked read on opening and whenever new ones arrive while it is open.
 */
export function useChatLive(chatId: number, userId: number, data: ChatData | undefined) {
  const queryClient = useQueryClient();
  const key = chatKey(chatId);

  useChatEvents(chatId, {
    onEvent: (event, payload) => queryClient.setQueryData<ChatData>(key, (d) => applyChatEvent(d, event, payload)),
    onResubscribe: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  const markRead = useMutation({
    mutationFn: (ids: number[]) => markChatRead(chatId).then(() => ids),
    // The receipts come back as events too; writing them here keeps the view right without the socket.
    onSuccess: (ids) =>
      queryClient.setQueryData<ChatData>(key, (d) =>
        d && {
          chat: {
            ...d.chat,
            messages: d.chat.messages.map((m) =>
              ids.includes(m.id) && isUnreadFor(m, userId) ? { ...m, who_read_messages: [...m.who_read_messages, userId] } : m,
            ),
          },
        },
      ),
  });

  const unread = (data?.chat.messages ?? []).filter((m) => isUnreadFor(m, userId)).map((m) => m.id);
  const unreadKey = unread.join(',');
  const { mutate, isPending } = markRead;
  // Once per set of unread messages, so a failing call is not repeated in a loop.
  const attempted = useRef('');
  useEffect(() => {
    if (!unreadKey || isPending || attempted.current === unreadKey) return;
    attempted.current = unreadKey;
    mutate(unreadKey.split(',').map(Number));
  }, [unreadKey, isPending, mutate]);
}
