import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintReportRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface PrintedDraft {
  printer_tracker_number: string;
  description: string;
  sent_surfaces: { surface_id: number; design_id: number }[];
}

/**
 * 'Printed' (spec 001 §2.9): tracker number, description and the pairs; a pair already sent or
 * without a print file cannot be chosen. Enter in the tracker field sends.
 */
export function PrintedDialog({ open, rows, busy, onSend, onClose }: { open: boolean; rows: PrintReportRow[]; busy: boolean; onSend: (d: PrintedDraft) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [tracker, setTracker] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!open) {
      setTracker('');
      setDescription('');
      setChosen(new Set());
    }
  }, [open]);
  const canSend = chosen.size > 0 && tracker.trim() !== '' && !busy;
  const submit = () => {
    if (!canSend) return;
    onSend({
      printer_tracker_number: tracker.trim(),
      description,
      sent_surfaces: rows.filter((r) => chosen.has(r.design.id)).map((r) => ({ surface_id: r.surface.id, design_id: r.design.id })),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('print.printed_title')}</DialogTitle>
        <FormField id="printer-tracker" label={t('report.tracker_number')}>
          <Input id="printer-tracker" value={tracker} maxLength={200} onChange={(e) => setTracker(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && submit()} />
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
                  {r.surface.name} - {r.design.name} ({r.total})
                </label>
                {reason && <span className="text-xs text-muted-foreground">{reason}</span>}
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!canSend} onClick={submit}>
            {t('print.send_to_distributor')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
