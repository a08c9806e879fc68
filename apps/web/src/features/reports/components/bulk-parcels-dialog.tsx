import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { ParcelDraft } from './tracker-dialog';

/** What can go to a station now: printed surfaces it has not received. */
export function sendable(row: ReportRow, columns: ReportColumn[]): ParcelDraft['sent_surfaces'] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  return row.surfaces
    .filter((s) => !s.sent && byId.get(s.id)?.printed)
    .map((s) => ({ surface_id: s.surface_id, design_id: s.design_id, amount: s.amount, name: byId.get(s.id)!.name }));
}

/**
 * One parcel per chosen station, each with its tracker number. Stations left without one are
 * named in 'You forgot to specify tracker number…', with a choice to send anyway.
 */
export function BulkParcelsDialog({
  rows,
  columns,
  busy,
  onSend,
  onClose,
}: {
  rows: ReportRow[];
  columns: ReportColumn[];
  busy: boolean;
  onSend: (parcels: { row: ReportRow; draft: ParcelDraft }[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [trackers, setTrackers] = useState<Record<number, string>>({});
  const [forgotten, setForgotten] = useState<ReportRow[] | null>(null);
  useEffect(() => setTrackers({}), [rows]);
  const parcels = () => rows.map((row) => ({ row, draft: { tracker_number: (trackers[row.id] ?? '').trim(), description: '', sent_surfaces: sendable(row, columns) } }));
  const submit = () => {
    const missing = rows.filter((r) => !(trackers[r.id] ?? '').trim());
    if (missing.length) setForgotten(missing);
    else onSend(parcels());
  };

  return (
    <Dialog open={rows.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('report.bulk_title')}</DialogTitle>
        <DialogDescription>{t('report.bulk_hint')}</DialogDescription>
        <ul className="grid gap-2" data-testid="bulk-parcels">
          {rows.map((row) => (
            <li key={row.id} className="grid grid-cols-[1fr_12rem] items-center gap-2 text-sm">
              <label htmlFor={`bulk-${row.id}`}>
                {row.name} <span className="text-muted-foreground">({sendable(row, columns).length})</span>
              </label>
              <Input
                id={`bulk-${row.id}`}
                aria-label={`${t('report.tracker_number')} ${row.name}`}
                value={trackers[row.id] ?? ''}
                maxLength={200}
                onChange={(e) => setTrackers((prev) => ({ ...prev, [row.id]: e.target.value }))}
              />
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={busy} onClick={submit}>
            {t('report.send_parcel')}
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={!!forgotten}
          onOpenChange={(open) => !open && setForgotten(null)}
          title={t('report.forgot_tracker')}
          description={forgotten?.map((r) => r.name).join(', ')}
          confirmLabel={t('report.send_anyway')}
          busy={busy}
          onConfirm={() => {
            setForgotten(null);
            onSend(parcels());
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
