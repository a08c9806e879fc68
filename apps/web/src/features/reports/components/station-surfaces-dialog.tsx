import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportRow } from '@promo/shared';
import { formatCount } from '@/lib/format';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';

/** Every surface a station is due, the delivered ones in bold (spec 001 §2.6). */
export function StationSurfacesDialog({ row, columns, onClose }: { row: ReportRow | null; columns: ReportColumn[]; onClose: () => void }) {
  const { t } = useTranslation();
  const names = new Map(columns.map((c) => [c.id, c.name]));
  return (
    <Dialog open={!!row} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{row?.name}</DialogTitle>
        <ul className="grid gap-1 text-sm" data-testid="station-surfaces">
          {row?.surfaces.map((s) => (
            <li key={s.id} className={s.sent ? 'font-semibold' : undefined} data-sent={s.sent}>
              {names.get(s.id)} — {formatCount(s.amount)} {s.sent && <span className="text-xs text-green-700">({t('report.sent')})</span>}
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
