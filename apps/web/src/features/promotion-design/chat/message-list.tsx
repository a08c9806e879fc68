import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@promo/shared';
import { isUnreadFor } from './chat-cache';
import { isFixedPrintFile } from './file-rules';
import { MessageItem, type MessageHandlers } from './message-item';

interface Props extends MessageHandlers {
  messages: ChatMessage[];
  userId: number;
  canRate: boolean;
  canSeeRating: boolean;
  printFilesFixed: boolean;
}

const NEAR_BOTTOM_PX = 80;

/**
 * The messages, oldest first. On opening it shows the first unread message of others, else the
 * end; later it follows new messages while the reader is at the end (or sent one).
 */
export function MessageList({ messages, userId, canRate, canSeeRating, printFilesFixed, ...handlers }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const placed = useRef(false);
  const follow = useRef(true);
  const lastId = useRef<number | undefined>(undefined);
  const byNumber = new Map(messages.map((m) => [m.message_id, m]));

  useLayoutEffect(() => {
    const el = box.current;
    const last = messages.at(-1);
    if (!el || !last) return;
    if (!placed.current) {
      placed.current = true;
      const firstUnread = messages.find((m) => isUnreadFor(m, userId));
      const target = firstUnread && el.querySelector<HTMLElement>(`[data-message-id="${firstUnread.message_id}"]`);
      if (target) {
        el.scrollTop = target.offsetTop - 8;
        follow.current = false;
      } else el.scrollTop = el.scrollHeight;
    } else if (last.id !== lastId.current && (follow.current || last.sender_id === userId)) {
      el.scrollTop = el.scrollHeight;
      follow.current = true;
    }
    lastId.current = last.id;
  }, [messages, userId]);

  // Images load after the first layout: stay at the end while following.
  useEffect(() => {
    const el = box.current;
    if (!el || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (follow.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className="relative h-[60vh] min-h-72 overflow-y-auto rounded-md border border-border bg-muted/40 p-3"
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      data-testid="chat-messages"
    >
      {messages.length === 0 && <p className="py-8 text-center text-sm text-muted-foreground">{t('chat.no_messages')}</p>}
      <ol ref={content} className="grid gap-3" aria-label={t('chat.messages')}>
        {messages.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            quoted={m.comment_mess_id !== null ? byNumber.get(m.comment_mess_id) : undefined}
            own={m.sender_id === userId}
            fixed={isFixedPrintFile(m, printFilesFixed)}
            canRate={canRate}
            canSeeRating={canSeeRating}
            {...handlers}
          />
        ))}
      </ol>
    </div>
  );
}
