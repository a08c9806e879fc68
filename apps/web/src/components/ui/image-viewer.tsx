import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** The image viewer: the original image in a modal at most 500 px wide (spec 001 §2.8, §9), within the viewport. */
export function ImageViewer({ src, title, onClose }: { src: string | null; title?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!src} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-[500px]" data-testid="image-viewer">
        <DialogTitle>{title ?? t('common.image')}</DialogTitle>
        {src && <img src={src} alt={title ?? t('common.image')} className="mx-auto max-h-[75vh] w-auto rounded-md object-contain" />}
      </DialogContent>
    </Dialog>
  );
}

/** A 200 px wide thumbnail (the w_200 rendition) that opens the original in the viewer. */
export function Thumbnail({
  urls,
  alt,
  onOpen,
}: {
  urls: { original: string; w_200: string } | null;
  alt: string;
  onOpen: (original: string) => void;
}) {
  const { t } = useTranslation();
  if (!urls) return <span className="text-xs text-muted-foreground">{t('common.no_image')}</span>;
  return (
    <button type="button" className="cursor-zoom-in" onClick={() => onOpen(urls.original)} aria-label={t('common.enlarge_image')}>
      <img src={urls.w_200} alt={alt} loading="lazy" className="h-12 w-auto max-w-[200px] rounded object-cover" />
    </button>
  );
}
