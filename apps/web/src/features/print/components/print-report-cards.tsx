import { useTranslation } from 'react-i18next';
import type { PrintReportRow } from '@promo/shared';
import { Thumbnail } from '@/components/ui/image-viewer';
import { formatCount } from '@/lib/format';
import { HqFile } from './hq-file';

/** The printer's pairs on a phone (issue 21): a card per surface and design instead of a six-column table. */
export function PrintReportCards({ rows, onOpen }: { rows: PrintReportRow[]; onOpen: (src: string) => void }) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="text-sm text-muted-foreground">{t('report.no_data')}</p>;
  return (
    <ul className="grid gap-2" data-testid="print-report-cards">
      {rows.map((r) => (
        <li key={r.design.id} className="flex gap-3 rounded-lg border p-3 text-sm" data-testid={`print-row-${r.design.id}`}>
          <Thumbnail urls={r.surface.url_images} alt={r.surface.name} onOpen={onOpen} />
          <div className="grid min-w-0 flex-1 gap-1">
            <span className="font-medium">{r.surface.name}</span>
            <span>{r.design.name}</span>
            <span>
              {t('print.columns.total')}: <span className="tabular-nums">{formatCount(r.total)}</span>
            </span>
            <div className="flex flex-wrap items-start gap-3">
              {r.image && <HqFile file={r.image} label={t('print.hq_image')} />}
              {r.document && <HqFile file={r.document} label={t('print.hq_document')} />}
              {!r.image && !r.document && <span className="text-xs text-muted-foreground">{t('print.file_missing')}</span>}
            </div>
            <span className="break-all">
              {t('report.tracker_number')}: {r.tracker_number ?? '—'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
