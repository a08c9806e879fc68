import { useTranslation } from 'react-i18next';
import { Plus, Printer } from 'lucide-react';
import type { ReportColumn, ReportData, ReportRow, ReportTotalRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { formatCount, formatMoney } from '@/lib/format';
import { usePhone } from '@/lib/use-media-query';
import { StationParcels } from './station-parcels';

/**
 * The report grid (spec 001 §2.6): a row per station, a column per surface-design, the tracker
 * numbers and parcel status per row, and below them the totals rows of the role (the same as in
 * its Excel file). It scrolls sideways in its own box, the station column in view; on a phone the
 * distributor's parcels are cards of their own (StationParcelCards), so the table keeps the amounts.
 */
export function ReportTable({
  data,
  totalRows,
  onCount,
  onAddParcel,
  selected,
  onToggle,
}: {
  data: ReportData;
  totalRows: ReportTotalRow[];
  onCount: (row: ReportRow) => void;
  /** Distributor only: opens the tracker dialog for a station. */
  onAddParcel?: (row: ReportRow) => void;
  /** Distributor only: stations chosen for parcels sent together. */
  selected?: Set<number>;
  onToggle?: (row: ReportRow) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const parcelsHere = !(phone && onAddParcel);
  const columns = data.columns;
  const rows = data.user_obj.filter((r) => r.surfaces.length > 0);
  const counts = new Map(data.arr_users_count_surfaces.map((c) => [c.id, c]));
  const labels: Record<ReportTotalRow, string> = {
    sum: t('report.sum'),
    percent: t('report.percent_row', { percent: formatCount(data.percent) }),
    total: t('report.total_number'),
    price: t('report.price_per_unit'),
    total_price: t('report.total_price'),
  };
  // Prices come as decimal text with two decimals; the counts as numbers.
  const shown = (key: ReportTotalRow, c: ReportColumn) => {
    const v = c[key];
    return v === null ? '' : key === 'price' || key === 'total_price' ? formatMoney(v) : formatCount(Number(v));
  };
  const totalsRow = (key: ReportTotalRow, label: string) => (
    <tr key={key} className="border-t bg-muted/40 font-medium" data-testid={`report-${key}`}>
      <th scope="row" className="sticky left-0 bg-muted px-3 py-2 text-left">
        {label}
      </th>
      {columns.map((c) => (
        <td key={c.id} className="px-3 py-2 text-right tabular-nums">
          {shown(key, c)}
        </td>
      ))}
      {parcelsHere && <td />}
    </tr>
  );

  return (
    // relative: a visually hidden text inside is placed in the box, not at the page's far right.
    // Focusable, so a keyboard can scroll it when no link or button inside can (axe).
    <div className="relative overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t('report.title')}>
      <table className="w-full text-sm" data-testid="report-table">
        <thead className="bg-muted/60">
          <tr>
            <th className="sticky left-0 z-10 bg-muted px-3 py-2 text-left">{t('report.station')}</th>
            {columns.map((c: ReportColumn) => (
              <th key={c.id} className="min-w-32 px-3 py-2 text-left align-top font-medium" data-testid={`report-column-${c.id}`}>
                <span className="block">{c.name}</span>
                <span className="block text-xs font-normal text-muted-foreground">{c.printer_name ?? t('report.no_printer')}</span>
                {c.printed && (
                  <span className="mt-1 inline-flex items-center gap-1 rounded bg-sky-100 px-1.5 text-xs font-normal text-sky-800">
                    <Printer className="size-3" /> {t('report.printed')}
                  </span>
                )}
              </th>
            ))}
            {parcelsHere && <th className="min-w-56 px-3 py-2 text-left">{t('report.parcels')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + (parcelsHere ? 2 : 1)} className="px-3 py-6 text-center text-muted-foreground">
                {t('report.no_data')}
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const amounts = new Map(row.surfaces.map((s) => [s.id, s]));
            return (
              <tr key={row.id} className={cn('border-t', row.all_sent && 'bg-green-100/70')} data-testid={`report-row-${row.id}`} data-sent={row.all_sent}>
                <th scope="row" className={cn('sticky left-0 px-3 py-2 text-left font-normal max-sm:max-w-36 max-sm:break-words', row.all_sent ? 'bg-green-100' : 'bg-background')}>
                  <span className="flex items-center gap-2 font-medium">
                    {onToggle && parcelsHere && !row.all_sent && (
                      <Checkbox checked={selected?.has(row.id) ?? false} onCheckedChange={() => onToggle(row)} aria-label={t('report.choose_station', { station: row.name })} />
                    )}
                    {row.name}
                  </span>
                  <span className="block text-xs text-muted-foreground">{row.address}</span>
                </th>
                {columns.map((c) => {
                  const cell = amounts.get(c.id);
                  return (
                    <td key={c.id} className={cn('px-3 py-2 text-right tabular-nums', cell?.sent && 'font-semibold text-green-800')}>
                      {cell ? formatCount(cell.amount) : ''}
                    </td>
                  );
                })}
                {parcelsHere && (
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <StationParcels row={row} count={counts.get(row.id)} trackingUrl={data.tracking_url} onCount={onCount} />
                      {onAddParcel && !row.all_sent && (
                        <Button variant="outline" size="icon" className="size-7" aria-label={t('report.add_parcel')} title={t('report.add_parcel')} onClick={() => onAddParcel(row)}>
                          <Plus />
                        </Button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
        {rows.length > 0 && (
          <tfoot>
            {totalRows.map((key) => totalsRow(key, labels[key]))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
