import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { FileUp } from 'lucide-react';
import { TRACKER_IMPORT_EXTENSIONS, type TrackerImportResult, type TrackerImportRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { cn } from '@/lib/cn';
import { importTrackers } from '../api';

const ACCEPT = TRACKER_IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',');

function Outcome({ row }: { row: TrackerImportRow }) {
  const { t } = useTranslation();
  if (row.errors.length) {
    return (
      <ul className="text-destructive">
        {row.errors.map((e) => (
          <li key={e}>{t(`validation.${e}`, { defaultValue: e })}</li>
        ))}
      </ul>
    );
  }
  if (row.action === 'create') return <span>{t('delivery.import.create', { count: row.pairs })}</span>;
  if (row.action === 'update') return <span>{t('delivery.import.update')}</span>;
  return <span className="text-muted-foreground">{t('delivery.import.unchanged')}</span>;
}

/**
 * The distributor's tracker file (decision 019): choosing it shows what each row will do (old →
 * new tracker number, a new parcel) and each row's errors; applying is possible only when no row
 * has one, and applies everything in one go.
 */
export function TrackerImportDialog({ promotionId, open, onClose, onApplied }: { promotionId: number; open: boolean; onClose: () => void; onApplied: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TrackerImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setFile(null);
    setResult(null);
    setProblem(null);
  };
  const failed = (err: unknown) => {
    const body = isAxiosError<ApiErrorBody & { data?: TrackerImportResult }>(err) ? err.response?.data : undefined;
    if (body?.data && Array.isArray(body.data.rows)) setResult(body.data);
    setProblem(body?.message_key === 'tracker_import_changed' ? t('delivery.import.changed') : errorLines(body, t) || t('errors.unknown'));
  };
  const preview = useMutation({
    mutationFn: (chosen: File) => importTrackers(promotionId, chosen, false),
    onMutate: () => {
      setProblem(null);
      setResult(null);
    },
    onSuccess: (res) => setResult(res.data),
    onError: failed,
  });
  const apply = useMutation({
    mutationFn: () => importTrackers(promotionId, file!, true, result!.plan),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      reset();
      onApplied();
      onClose();
    },
    onError: failed,
  });
  const changes = result ? result.creates + result.updates : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-3xl" data-testid="tracker-import-dialog">
        <DialogTitle>{t('delivery.import.title')}</DialogTitle>
        <DialogDescription>{t('delivery.import.hint')}</DialogDescription>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={preview.isPending || apply.isPending}>
            <FileUp /> {file ? t('delivery.import.choose_other') : t('delivery.import.choose')}
          </Button>
          <span className="truncate text-sm text-muted-foreground" data-testid="tracker-import-file">
            {file?.name ?? t('delivery.import.types')}
          </span>
          <label htmlFor="tracker-import-input" className="sr-only">
            {t('delivery.import.choose')}
          </label>
          <input
            ref={input}
            id="tracker-import-input"
            type="file"
            accept={ACCEPT}
            className="hidden"
            data-testid="tracker-import-input"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!chosen) return;
              setFile(chosen);
              preview.mutate(chosen);
            }}
          />
        </div>
        {preview.isPending && <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>}
        {problem && (
          <p className="text-sm text-destructive" role="alert" data-testid="tracker-import-problem">
            {problem}
          </p>
        )}
        {result && (
          <>
            <p className={cn('text-sm', result.errors ? 'text-destructive' : 'text-muted-foreground')} data-testid="tracker-import-summary">
              {result.errors
                ? t('delivery.import.summary_errors', { count: result.errors })
                : t('delivery.import.summary', { creates: result.creates, updates: result.updates, unchanged: result.unchanged })}
            </p>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('delivery.import.row')}</TableHead>
                  <TableHead>{t('delivery.import.station')}</TableHead>
                  <TableHead>{t('delivery.import.tracker')}</TableHead>
                  <TableHead>{t('delivery.import.result')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {result.rows.map((r) => (
                  <TableRow key={r.row} className={cn(r.errors.length > 0 && 'bg-destructive/5')} data-testid={`tracker-import-row-${r.row}`}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell>{r.station ? `${r.station.name} (${r.station.id})` : r.station_text || '–'}</TableCell>
                    <TableCell className="break-all">
                      {r.old_tracker !== null && r.action === 'update' ? (
                        <>
                          <span className="text-muted-foreground line-through">{r.old_tracker || t('delivery.import.none')}</span> → <span className="font-medium">{r.tracker_number}</span>
                        </>
                      ) : (
                        r.tracker_number || '–'
                      )}
                    </TableCell>
                    <TableCell>
                      <Outcome row={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button disabled={!result || result.errors > 0 || changes === 0 || apply.isPending} onClick={() => apply.mutate()} data-testid="tracker-import-apply">
            {t('delivery.import.apply', { count: changes })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
