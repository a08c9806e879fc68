import { useTranslation } from 'react-i18next';
import type { ReportData, ReportRow } from '@promo/shared';
import { cn } from '@/lib/cn';
import { trackingLink } from '../api';

type StationCount = ReportData['arr_users_count_surfaces'][number];

/** The parcel status of a station, from its sent/total count (what get-status-distributor-parcels answers too). */
const stationStatus = (c: { sent_surfaces: number; total_surfaces: number }) =>
  c.sent_surfaces === 0 ? 'not_sent' : c.sent_surfaces === c.total_surfaces ? 'sent' : 'partly_sent';

/** A station's parcels in the report: its tracker links, the sent/total count that lists its surfaces, and its status. */
export function StationParcels({
  row,
  count,
  trackingUrl,
  onCount,
  touch = false,
}: {
  row: ReportRow;
  count: StationCount | undefined;
  trackingUrl: string;
  onCount: (row: ReportRow) => void;
  /** On a phone's card: a button a thumb can hit (44 px). */
  touch?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {count?.tracker_number.map((tracker) => (
        <a key={tracker} href={trackingLink(trackingUrl, tracker)} target="_blank" rel="noreferrer" className="break-all text-primary underline">
          {tracker}
        </a>
      ))}
      <button type="button" className={cn('rounded border px-1.5 text-xs tabular-nums hover:bg-muted', touch && 'min-h-11 min-w-11 px-2')} onClick={() => onCount(row)} title={t('report.show_surfaces')}>
        {count?.sent_surfaces ?? 0}/{count?.total_surfaces ?? 0}
        {/* The name starts with what it shows: "0/4 Show all surfaces". */}
        <span className="sr-only"> {t('report.show_surfaces')}</span>
      </button>
      {count && <span className="text-xs text-muted-foreground">{t(`report.station_status.${stationStatus(count)}`)}</span>}
    </>
  );
}
