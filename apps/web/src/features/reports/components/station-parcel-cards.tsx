import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { ReportData, ReportRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { StationParcels } from './station-parcels';

/**
 * The distributor's parcels on a phone (issue 21): a card per station, read one at a time, with
 * the choice for parcels sent together and a "+" big enough for a thumb. The report table above
 * keeps the amounts.
 */
export function StationParcelCards({
  data,
  selected,
  onToggle,
  onCount,
  onAddParcel,
}: {
  data: ReportData;
  selected: Set<number>;
  onToggle: (row: ReportRow) => void;
  onCount: (row: ReportRow) => void;
  onAddParcel: (row: ReportRow) => void;
}) {
  const { t } = useTranslation();
  const rows = data.user_obj.filter((r) => r.surfaces.length > 0);
  const counts = new Map(data.arr_users_count_surfaces.map((c) => [c.id, c]));
  if (!rows.length) return null;
  return (
    <section className="grid gap-2" aria-labelledby="station-parcels-title">
      <h2 id="station-parcels-title" className="text-lg font-semibold">
        {t('report.parcels')}
      </h2>
      <ul className="grid gap-2" data-testid="station-parcel-cards">
        {rows.map((row) => (
          <li key={row.id} className={cn('flex items-start gap-3 rounded-lg border p-3', row.all_sent && 'bg-green-100/70')} data-testid={`station-card-${row.id}`}>
            {!row.all_sent && (
              <label className="-my-2 -ms-2 flex size-11 shrink-0 items-center justify-center" htmlFor={`choose-${row.id}`}>
                <Checkbox id={`choose-${row.id}`} checked={selected.has(row.id)} onCheckedChange={() => onToggle(row)} aria-label={t('report.choose_station', { station: row.name })} />
              </label>
            )}
            <div className="grid min-w-0 flex-1 gap-1">
              <span className="font-medium">{row.name}</span>
              <span className="text-xs text-muted-foreground">{row.address}</span>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StationParcels row={row} count={counts.get(row.id)} trackingUrl={data.tracking_url} onCount={onCount} touch />
              </div>
            </div>
            {!row.all_sent && (
              <Button variant="outline" size="icon" className="size-11 shrink-0" aria-label={t('report.add_parcel')} title={t('report.add_parcel')} onClick={() => onAddParcel(row)}>
                <Plus />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
