import { useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { Download, FilePlus, Trash2 } from 'lucide-react';
import { DOCUMENT_EXTENSIONS, files as filesContract, fillPath, IMAGE_EXTENSIONS, type BriefFile } from '@promo/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { formatDate, formatFileSize } from '@/lib/format';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { addBriefFiles, deleteBriefFile, designPageKeys } from '../api';
import { BriefSection } from './brief-section';

const ACCEPT = [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS].map((e) => `.${e}`).join(',');

/** The brief's files: download links, delete after a question, and several files added at once. */
export function BriefFiles({ psdId, files, editable }: { psdId: number; files: BriefFile[]; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [deleting, setDeleting] = useState<BriefFile | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: designPageKeys.all });

  const add = useMutation({
    mutationFn: (list: File[]) => addBriefFiles(psdId, list),
    onSuccess: (res) => {
      feedback.success(res);
      void refresh();
    },
    onError: (err) => {
      // The upload step failing is 'File failed' with its reason (spec 001 §8); the attach step is a save.
      if (isAxiosError(err) && err.config?.url !== fillPath(filesContract.upload.path)) return feedback.failure(err);
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      const description = errorLines(body, t) || (isAxiosError(err) && !err.response ? t('errors.network') : t('errors.unknown'));
      toast({ variant: 'destructive', title: t('errors.file_failed'), description });
    },
  });

  const remove = useMutation({
    mutationFn: (file: BriefFile) => deleteBriefFile(psdId, file.id),
    onSuccess: (res) => {
      feedback.success(res);
      void refresh();
    },
    onError: (err) => feedback.failure(err),
    onSettled: () => setDeleting(null),
  });

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const list = Array.from(e.target.files ?? []);
    // The same files may be chosen again after a failure.
    e.target.value = '';
    if (list.length) add.mutate(list);
  };

  const addButton = editable && (
    <label
      className={cn(
        buttonVariants({ variant: 'outline', size: 'sm' }),
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        add.isPending && 'pointer-events-none opacity-50',
      )}
    >
      <FilePlus /> {t('design.add_files')}
      <input type="file" multiple className="sr-only" accept={ACCEPT} disabled={add.isPending} onChange={onFiles} data-testid="brief-file-input" />
    </label>
  );

  return (
    <BriefSection title={t('design.files')} testId="brief-files" actions={addButton}>
      {add.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('design.uploading')}
        </p>
      )}
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('design.no_files')}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {files.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-2 py-2" data-testid={`brief-file-${file.id}`}>
              <div className="grid min-w-0 gap-0.5">
                <a href={file.url} download={file.name} className="flex items-center gap-1.5 font-medium text-primary hover:underline">
                  <Download className="size-3.5 shrink-0" />
                  <span className="truncate">{file.name}</span>
                </a>
                <span className="text-xs text-muted-foreground">
                  {formatFileSize(file.size)} · {formatDate(file.date)}
                </span>
              </div>
              {editable && (
                <Button variant="ghost" size="icon" aria-label={t('design.delete_file', { name: file.name })} onClick={() => setDeleting(file)}>
                  <Trash2 className="text-destructive" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('design.delete_file_confirm')}
        description={deleting?.name}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </BriefSection>
  );
}
