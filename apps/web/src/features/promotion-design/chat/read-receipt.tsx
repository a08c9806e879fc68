import { useTranslation } from 'react-i18next';
import { Check, CheckCheck } from 'lucide-react';
import type { ChatMessage } from '@promo/shared';
import { isReadByOthers } from './chat-cache';

/** On one's own message: one check once sent, two once someone else has read it. */
export function ReadReceipt({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  return isReadByOthers(message) ? (
    <CheckCheck className="size-4 text-sky-600" role="img" aria-label={t('chat.read')} data-testid="receipt-read" />
  ) : (
    <Check className="size-4 text-muted-foreground" role="img" aria-label={t('chat.sent')} data-testid="receipt-sent" />
  );
}
