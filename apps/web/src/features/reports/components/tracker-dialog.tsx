import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportRow } from '@promo/shared';
import { formatCount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export interface ParcelDraft {
  tracker_number: string;
  description: string;
  sent_surfaces: { surface_id: number; design_id: number; amount: number; name: string }[];
}

/**
 * The distributor's parcel for one station (spec 001 §2.7): delivered surfaces green and locked,
 * surfaces not yet printed red ('not sent to printer' when the surface has no printer, else 'not
 * printed yet'), the rest tickable. Send needs a tick
 * and a tracker number.
 */
export function TrackerDialog({
  row,
  columns,
  busy,
  onSend,
  onClose,
}: {
  row: ReportRow | null;
  columns: ReportColumn[];
  busy: boolean;
  onSend: (draft: ParcelDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [tracker, setTracker] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    setTicked(new Set());
    setTracker('');
    setDescription('');
  }, [row?.id]);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const cells = row?.surfaces ?? [];
  const canSend = ticked.size > 0 && tracker.trim() !== '' && !busy;
  const dirty = ticked.size > 0 || tracker.trim() !== '' || description.trim() !== '';

  return (
    <FormDialog open={!!row} onOpenChange={(open) => !open && onClose()} dirty={dirty}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('report.tracker_title', { station: row?.name ?? '' })}</DialogTitle>
        <ul className="grid gap-1.5" data-testid="tracker-surfaces">
          {cells.map((cell) => {
            const column = byId.get(cell.id);
            const printed = !!column?.printed;
            const id = `tick-${cell.id}`;
            return (
              <li
                key={cell.id}
                className={cn('flex items-center gap-2 rounded px-2 py-1 text-sm', cell.sent && 'bg-green-100 text-green-900', !cell.sent && !printed && 'bg-red-50 text-red-800')}
              >
                <Checkbox
                  id={id}
                  disabled={cell.sent || !printed}
                  checked={cell.sent || ticked.has(cell.id)}
                  onCheckedChange={(v) =>
                    setTicked((prev) => {
                      const next = new Set(prev);
                      if (v) next.add(cell.id);
                      else next.delete(cell.id);
                      return next;
                    })
                  }
                />
                <label htmlFor={id} className="flex-1">
                  {column?.name} — {formatCount(cell.amount)}
                </label>
                {cell.sent && <span className="text-xs">{t('report.sent')}</span>}
                {!cell.sent && !printed && <span className="text-xs">{t(column?.printer_id ? 'report.not_printed_yet' : 'report.not_sent_to_printer')}</span>}
              </li>
            );
          })}
        </ul>
        <FormField id="tracker-number" label={t('report.tracker_number')}>
          <Input id="tracker-number" value={tracker} onChange={(e) => setTracker(e.target.value)} maxLength={200} />
        </FormField>
        <FormField id="tracker-description" label={t('report.description')}>
          <textarea
            id="tracker-description"
            className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        <DialogFooter>
          <DialogCancel />
          <Button
            disabled={!canSend}
            onClick={() =>
              onSend({
                tracker_number: tracker.trim(),
                description,
                sent_surfaces: cells
                  .filter((c) => ticked.has(c.id))
                  .map((c) => ({ surface_id: c.surface_id, design_id: c.design_id, amount: c.amount, name: byId.get(c.id)?.name ?? '' })),
              })
            }
          >
            {t('report.send_parcel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </FormDialog>
  );
}
