import { useTranslation } from 'react-i18next';

/** Upload progress of a file being sent (chat attachments, image fields). */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1" data-testid="upload-progress">
      <span className="text-xs text-muted-foreground">{t('common.uploading', { percent })}</span>
      <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('common.upload_progress')} className="h-1.5 overflow-hidden rounded bg-muted">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
