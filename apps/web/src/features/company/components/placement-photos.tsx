import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { Camera, Clock, Trash2 } from 'lucide-react';
import { IMAGE_EXTENSIONS, MAX_PLACEMENT_PHOTOS_PER_SURFACE, type PlacementPhoto, type PlacementSurface } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageViewer, Thumbnail } from '@/components/ui/image-viewer';
import { UploadProgress } from '@/components/ui/upload-progress';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { useQueuedActions } from '@/lib/offline-queue';
import { addPlacementPhoto, companyKeys, deletePlacementPhoto } from '../api';

const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

function SurfacePhotos({ promotionId, surface, onOpen, onDelete }: { promotionId: number; surface: PlacementSurface; onOpen: (src: string, title: string) => void; onDelete: (p: PlacementPhoto) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const queued = useQueuedActions();
  const waiting = queued.filter(
    (a) => a.kind === 'photo' && !a.failed && a.request.fields.promotion_id === String(promotionId) && a.request.fields.surface_id === String(surface.surface_id),
  ).length;
  const add = useMutation({
    // Runs offline too: the queue keeps the photos on the device (TanStack would pause it instead).
    networkMode: 'always',
    mutationFn: async (chosen: File[]) => {
      let added = 0;
      let kept = 0;
      for (const file of chosen) {
        const res = await addPlacementPhoto(promotionId, surface, file, setProgress);
        if (res.sent) added += 1;
        else kept += 1;
      }
      return { added, kept };
    },
    // Offline the photos wait on the device (decision 023) and are counted as waiting below.
    onSuccess: ({ added, kept }) =>
      toast({ title: kept ? t('offline.queued_photos', { count: kept }) : t('delivery.placement.added', { count: added }) }),
    onError: (err) => {
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      toast({ variant: 'destructive', title: t('errors.file_failed'), description: errorLines(body, t) || t('errors.unknown') });
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: companyKeys.promotion(promotionId) });
    },
  });
  const full = surface.photos.length + waiting >= MAX_PLACEMENT_PHOTOS_PER_SURFACE;
  const inputId = `placement-file-${surface.surface_id}`;
  return (
    <article className="grid gap-2 rounded-md border border-border p-3" data-testid={`placement-surface-${surface.surface_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{surface.surface_name}</span>
        <span className="text-sm text-muted-foreground">{t('delivery.placement.count', { count: surface.photos.length })}</span>
      </div>
      {surface.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {surface.photos.map((p) => (
            <li key={p.id} className="flex items-center gap-1">
              <Thumbnail urls={p.url_images} alt={t('delivery.placement.photo_of', { surface: surface.surface_name })} onOpen={(src) => onOpen(src, surface.surface_name)} />
              <Button variant="ghost" size="icon" aria-label={t('delivery.placement.delete')} title={t('delivery.placement.delete')} onClick={() => onDelete(p)}>
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-1">
        <Button type="button" variant="outline" className="w-fit max-sm:w-full" disabled={add.isPending || full} onClick={() => input.current?.click()}>
          <Camera /> {t('delivery.placement.add')}
        </Button>
        <label htmlFor={inputId} className="sr-only">
          {t('delivery.placement.add_for', { surface: surface.surface_name })}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="hidden"
          data-testid={`placement-input-${surface.surface_id}`}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])].slice(0, MAX_PLACEMENT_PHOTOS_PER_SURFACE - surface.photos.length - waiting);
            e.target.value = '';
            if (chosen.length) add.mutate(chosen);
          }}
        />
        <span className="text-xs text-muted-foreground">{full ? t('delivery.placement.full', { max: MAX_PLACEMENT_PHOTOS_PER_SURFACE }) : t('common.image_types')}</span>
        {progress !== null && <UploadProgress fraction={progress} />}
        {waiting > 0 && (
          <span className="inline-flex items-center gap-1 text-sm text-amber-900 dark:text-amber-200" data-testid={`placement-waiting-${surface.surface_id}`}>
            <Clock className="size-4" aria-hidden /> {t('offline.photos_waiting', { count: waiting })}
          </span>
        )}
      </div>
    </article>
  );
}

/** Proof of placement: per surface delivered to the station, its photos and a way to add more (decision 019). */
export function PlacementPhotos({ promotionId, surfaces }: { promotionId: number; surfaces: PlacementSurface[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<PlacementPhoto | null>(null);
  const remove = useMutation({
    mutationFn: (p: PlacementPhoto) => deletePlacementPhoto(p.id),
    onSuccess: (res) => toast({ title: serverMessage(res) }),
    onSettled: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: companyKeys.promotion(promotionId) });
    },
  });
  if (!surfaces.length) return null;
  return (
    <section className="grid gap-3" aria-labelledby="placement-title" data-testid="placement-photos">
      <div>
        <h3 id="placement-title" className="font-semibold">
          {t('delivery.placement.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('delivery.placement.hint')}</p>
      </div>
      {surfaces.map((s) => (
        <SurfacePhotos key={s.surface_id} promotionId={promotionId} surface={s} onOpen={(src, title) => setViewer({ src, title })} onDelete={setDeleting} />
      ))}
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('delivery.placement.delete_title')}
        description={t('delivery.placement.delete_text')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
