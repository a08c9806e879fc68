import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import type { PrintReportRow } from '@promo/shared';
import { formatCount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface PrintedDraft {
  printer_tracker_number: string;
  description: string;
  sent_surfaces: { surface_id: number; design_id: number }[];
}

/** The first field error of a refused send, by field. */
function fieldErrors(error: unknown): Record<string, string | undefined> {
  const errors = isAxiosError<{ errors?: Record<string, string[]> }>(error) ? error.response?.data?.errors : undefined;
  return errors && !Array.isArray(errors) ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]])) : {};
}

/**
 * 'Printed' (spec 001 §2.9): tracker number, description and the pairs; a pair already sent or
 * without a print file cannot be chosen. Send is disabled only while nothing is chosen or while
 * sending; a missing tracker number is said at the field. Enter in the tracker field sends.
 */
export function PrintedDialog({
  open,
  rows,
  busy,
  error,
  onSend,
  onClose,
}: {
  open: boolean;
  rows: PrintReportRow[];
  busy: boolean;
  /** The server's refusal of the last send. */
  error: unknown;
  onSend: (d: PrintedDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tracker, setTracker] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [trackerMissing, setTrackerMissing] = useState(false);
  const trackerInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) {
      setTracker('');
      setDescription('');
      setChosen(new Set());
      setTrackerMissing(false);
    }
  }, [open]);
  const server = fieldErrors(error);
  const trackerError = trackerMissing ? 'tracker_number_required' : server.printer_tracker_number;
  const canSend = chosen.size > 0 && !busy;
  const dirty = tracker.trim() !== '' || description.trim() !== '' || chosen.size > 0;
  const submit = () => {
    if (!canSend) return;
    if (!tracker.trim()) {
      setTrackerMissing(true);
      trackerInput.current?.focus();
      return;
    }
    onSend({
      printer_tracker_number: tracker.trim(),
      description,
      sent_surfaces: rows.filter((r) => chosen.has(r.design.id)).map((r) => ({ surface_id: r.surface.id, design_id: r.design.id })),
    });
  };

  return (
    <FormDialog open={open} onOpenChange={(o) => !o && onClose()} dirty={dirty}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('print.printed_title')}</DialogTitle>
        <FormField id="printer-tracker" label={t('report.tracker_number')} error={trackerError}>
          <Input
            ref={trackerInput}
            id="printer-tracker"
            value={tracker}
            maxLength={200}
            aria-invalid={!!trackerError}
            aria-describedby={trackerError ? 'printer-tracker-error' : undefined}
            onChange={(e) => {
              setTracker(e.target.value);
              setTrackerMissing(false);
            }}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
          />
        </FormField>
        <FormField id="printer-description" label={t('report.description')}>
          <textarea id="printer-description" className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm" value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
        <ul className="grid gap-1.5" data-testid="printed-pairs">
          {rows.map((r) => {
            const id = `pair-${r.design.id}`;
            const reason = r.tracker_number ? t('print.sent_before') : !r.image && !r.document ? t('print.file_missing') : null;
            return (
              <li key={r.design.id} className="flex items-center gap-2 text-sm" title={reason ?? undefined}>
                <Checkbox
                  id={id}
                  disabled={!!reason}
                  checked={chosen.has(r.design.id)}
                  onCheckedChange={(v) =>
                    setChosen((prev) => {
                      const next = new Set(prev);
                      if (v) next.add(r.design.id);
                      else next.delete(r.design.id);
                      return next;
                    })
                  }
                />
                <label htmlFor={id} className={reason ? 'text-muted-foreground' : undefined}>
                  {r.surface.name} - {r.design.name} ({formatCount(r.total)})
                </label>
                {reason && <span className="text-xs text-muted-foreground">{reason}</span>}
              </li>
            );
          })}
        </ul>
        {server.sent_surfaces && (
          <p role="alert" className="text-sm text-destructive">
            {t(`validation.${server.sent_surfaces}`, { defaultValue: server.sent_surfaces })}
          </p>
        )}
        <DialogFooter>
          <DialogCancel />
          <Button disabled={!canSend} onClick={submit}>
            {t('print.send_to_distributor')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </FormDialog>
  );
}
