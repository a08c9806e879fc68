import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus } from 'lucide-react';
import { IMAGE_EXTENSIONS } from '@promo/shared';
import { Button } from './button';
import { Label } from './label';
import { UploadProgress } from './upload-progress';

const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');
// A browser shows these; a TIFF is named, not previewed.
const PREVIEWABLE = /\.(jpe?g|png)$/i;

/** A local address for the chosen file while it is chosen. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !PREVIEWABLE.test(file.name)) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * An image input in the interface's language: the current image (if given) or a preview of the
 * chosen file before saving, a button to choose, and the upload's progress while it is sent.
 */
export function ImageField({
  id,
  label,
  currentUrl,
  file,
  onFile,
  progress,
  disabled,
}: {
  id: string;
  label: string;
  currentUrl?: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** 0..1 while uploading, else null. */
  progress: number | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? (file ? null : currentUrl);
  return (
    <div className="grid gap-1.5" data-testid={`${id}-field`}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {shown && (
          <img
            src={shown}
            alt={file ? t('common.image_preview', { name: file.name }) : label}
            className="h-20 w-auto max-w-40 rounded border border-border object-contain"
            data-testid="image-field-preview"
          />
        )}
        <div className="grid min-w-0 gap-1">
          <Button type="button" variant="outline" size="sm" className="w-fit" disabled={disabled} onClick={() => input.current?.click()}>
            <ImagePlus /> {file || currentUrl ? t('common.change_image') : t('common.choose_image')}
          </Button>
          <span className="truncate text-xs text-muted-foreground" data-testid="image-field-name">
            {file ? file.name : t('common.image_types')}
          </span>
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          className="hidden"
          accept={IMAGE_ACCEPT}
          disabled={disabled}
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            // The same file may be chosen again after a failure.
            e.target.value = '';
          }}
        />
      </div>
      {progress !== null && <UploadProgress fraction={progress} />}
    </div>
  );
}
