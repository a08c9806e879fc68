import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { FileUp, Trash2 } from 'lucide-react';
import type { PreflightCheck } from '@promo/shared';
import { buttonVariants, Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/ui/upload-progress';
import { usePreflightText } from '@/features/promotion-design/proofing/preflight-badge';
import { cn } from '@/lib/cn';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { uploadFile } from '@/lib/upload';

/** What a template's background may be (the server's BACKGROUND_EXTENSIONS). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export interface BackgroundChoice {
  file_id: number;
  name: string;
}

/** Why the server refused the background on save: its field's texts and the preflight's checks. */
export interface BackgroundRefusal {
  text: string;
  checks: PreflightCheck[];
}

/**
 * The template's background in the page settings: upload (the app's upload step), the chosen file's
 * name with a remove button, and what the server said when it refused the file (at upload, or on
 * save, when the preflight reads it against the page's size with bleed).
 */
export function BackgroundField({
  value,
  refusal,
  onChange,
}: {
  value: BackgroundChoice | null;
  refusal: BackgroundRefusal | null;
  onChange: (next: BackgroundChoice | null) => void;
}) {
  const { t } = useTranslation();
  const checkText = usePreflightText();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a failure.
    e.target.value = '';
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, 'any', setProgress);
      onChange({ file_id: uploaded.file_id, name: uploaded.name || file.name });
    } catch (err) {
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      setUploadError(errorLines(body, t) || (isAxiosError(err) && !err.response ? t('errors.network') : t('errors.unknown')));
    } finally {
      setProgress(null);
    }
  };

  const errors = refusal?.checks.filter((c) => c.level === 'error') ?? [];
  return (
    <div className="col-span-2 grid gap-1.5" data-testid="sign-background">
      <span className="text-sm font-medium" id="sign-background-label">
        {t('signs.background')}
      </span>
      {value ? (
        <div className="flex items-center justify-between gap-2 rounded-md border border-border px-2 py-1 text-sm">
          <span className="truncate" data-testid="sign-background-name">
            {value.name}
          </span>
          <Button type="button" variant="ghost" size="icon" aria-label={t('signs.background_remove', { name: value.name })} onClick={() => onChange(null)}>
            <Trash2 className="text-destructive" />
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('signs.background_none')}</p>
      )}
      <label
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'w-fit has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          progress !== null && 'pointer-events-none opacity-50',
        )}
      >
        <FileUp /> {t('signs.background_choose')}
        <input
          type="file"
          className="sr-only"
          accept={ACCEPT}
          disabled={progress !== null}
          aria-describedby="sign-background-hint"
          onChange={(e) => void onFile(e)}
          data-testid="sign-background-input"
        />
      </label>
      <p id="sign-background-hint" className="text-xs text-muted-foreground">
        {t('signs.background_hint')}
      </p>
      {progress !== null && <UploadProgress fraction={progress} />}
      {(uploadError || refusal) && (
        <div role="alert" className="grid gap-0.5 text-sm text-destructive" data-testid="sign-background-error">
          <span>{uploadError ?? refusal!.text}</span>
          {!uploadError && errors.length > 0 && (
            <ul className="list-disc pl-4">
              {errors.map((c, i) => (
                <li key={i}>{checkText(c)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
