import { useTranslation } from 'react-i18next';
import { Download, FileText, MessageSquareDot } from 'lucide-react';
import type { ChatMessage } from '@promo/shared';
import { formatFileSizeText } from '@/lib/format';
import { PreflightBadge } from '../proofing/preflight-badge';
import { FILE_TYPE_LABELS } from './labels';

interface Props {
  message: ChatMessage;
  onOpenImage: (src: string, title: string) => void;
  /** An image or a PDF opens in the review (pins, versions) with its open pins counted. */
  review?: { openPins: number; onOpen: () => void };
}

/** The file of a message: an image (w_500, the original on click) or a document to download. */
export function MessageAttachment({ message, onOpenImage, review }: Props) {
  const { t } = useTranslation();
  if (!message.url_file && !message.url_images) return null;
  const images = message.url_images;
  return (
    <div className="grid gap-1">
      {message.type_file && (
        <span className="w-fit rounded bg-primary/10 px-1.5 py-0.5 text-xs font-semibold text-primary" data-testid="file-type">
          {t(FILE_TYPE_LABELS[message.type_file])}
        </span>
      )}
      {images && (
        <button
          type="button"
          className="w-fit cursor-zoom-in"
          onClick={() => onOpenImage(images.original, message.file_name)}
          aria-label={t('common.enlarge_image')}
        >
          <img src={images.w_500 ?? images.original} alt={message.file_name} loading="lazy" className="max-h-72 w-auto max-w-full rounded-md border border-border" />
        </button>
      )}
      {message.url_file && (
        <a
          href={message.url_file}
          download={message.file_name}
          className="flex w-fit max-w-full items-center gap-2 rounded-md border border-border bg-background px-2 py-1 text-sm hover:bg-accent"
        >
          {images ? <Download className="size-4 shrink-0" /> : <FileText className="size-4 shrink-0" />}
          {/* Named by what it shows: "Download plan.pdf 1.2 MB". */}
          <span className="sr-only">{t('chat.download')} </span>
          <span className="truncate">{message.file_name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSizeText(message.file_size)}</span>
        </a>
      )}
      {message.preflight && <PreflightBadge preflight={message.preflight} />}
      {review && (
        <button
          type="button"
          onClick={review.onOpen}
          className="flex w-fit items-center gap-1.5 rounded-md border border-border bg-background px-2 py-1 text-sm hover:bg-accent"
          data-testid="review-file"
        >
          <MessageSquareDot className="size-4" aria-hidden />
          {t('proofing.review')}
          {review.openPins > 0 && (
            <span className="rounded-full bg-amber-700 px-1.5 text-xs font-bold text-white" data-testid="open-pins">
              {t('proofing.open_count', { count: review.openPins })}
            </span>
          )}
        </button>
      )}
    </div>
  );
}
