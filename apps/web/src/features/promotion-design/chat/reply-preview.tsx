import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { ChatMessage } from '@promo/shared';
import { Button } from '@/components/ui/button';

const SNIPPET = 120;

/** What a quote shows of a message: its text, else its file name; a deleted one says so, a replaced file too. */
function Summary({ message }: { message: ChatMessage | undefined }) {
  const { t } = useTranslation();
  if (!message || (message.delete_message && !message.replaced)) return <span className="italic">{t('chat.message_removed')}</span>;
  const text = message.text || message.file_name;
  return (
    <span className="line-clamp-2 break-words">
      {message.replaced && <span className="italic">{t('chat.message_replaced')}: </span>}
      {text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text}
    </span>
  );
}

/** The quote of the replied-to message inside a message. */
export function ReplyQuote({ message }: { message: ChatMessage | undefined }) {
  return (
    <blockquote className="mb-1 border-l-2 border-primary/60 pl-2 text-xs text-muted-foreground" data-testid="reply-quote">
      {message?.sender_name && <span className="block font-medium text-foreground/80">{message.sender_name}</span>}
      <Summary message={message} />
    </blockquote>
  );
}

/** Above the composer: what the next message answers, with a way to drop it. */
export function ReplyPreview({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start justify-between gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm" data-testid="reply-preview">
      <div className="min-w-0">
        <span className="block text-xs font-medium">{t('chat.replying_to', { name: message.sender_name })}</span>
        <span className="text-muted-foreground">
          <Summary message={message} />
        </span>
      </div>
      <Button variant="ghost" size="icon" className="size-7" aria-label={t('chat.cancel_reply')} onClick={onCancel}>
        <X />
      </Button>
    </div>
  );
}
