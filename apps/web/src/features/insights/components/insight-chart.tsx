import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Table2 } from 'lucide-react';
import type { InsightsRange } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { ChartSpec } from '../charts/chart-spec';
import { toCsv } from '../csv';
import { saveFile } from '../download';
import { chartPng, type PlotElement } from '../png';
import { PlotChart } from './plot-chart';
import { RowsTable } from './rows-table';

/**
 * One chart of /insights: what it shows, its finding as the title, the chart, and beside it a table
 * of the same rows behind a button, a CSV of those rows and a PNG of the chart with its title.
 * Without rows: the chart's name and "nothing in this range".
 */
export function InsightChart<R>({ spec, range }: { spec: ChartSpec<R>; range: InsightsRange }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const chart = useRef<PlotElement | null>(null);
  const titleId = `${spec.id}-title`;
  const tableId = `${spec.id}-table`;
  const file = `${spec.id}-${range.from}-${range.to}`;

  if (!spec.rows.length) {
    return (
      <div className="grid min-w-0 grid-cols-1 content-start gap-1 rounded-md border border-border p-3" data-testid={`chart-${spec.id}`}>
        <h3 className="font-semibold">{spec.name}</h3>
        <p className="text-sm text-muted-foreground">{t('insights.empty')}</p>
      </div>
    );
  }

  const downloadCsv = () => {
    const csv = toCsv(
      spec.columns.map((c) => c.label),
      spec.rows.map((r) => spec.columns.map((c) => c.csv(r))),
      i18n.language,
    );
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${file}.csv`);
  };
  const downloadPng = async () => {
    if (!chart.current) return;
    try {
      saveFile(await chartPng(chart.current, spec.finding), `${file}.png`);
    } catch {
      // The canvas may refuse (memory, a browser without OffscreenCanvas fonts): say so, the CSV still works.
      toast({ variant: 'destructive', title: t('insights.png_failed') });
    }
  };

  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2 rounded-md border border-border p-3" data-testid={`chart-${spec.id}`}>
      <p className="text-xs font-medium text-muted-foreground">{spec.name}</p>
      <h3 id={titleId} className="font-semibold">
        {spec.finding}
      </h3>
      <PlotChart plot={spec.plot} chartRef={chart} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
          <Table2 aria-hidden />
          {open ? t('insights.hide_table') : t('insights.show_table')}
        </Button>
        <Button variant="outline" size="sm" aria-describedby={titleId} onClick={downloadCsv}>
          <Download aria-hidden />
          {t('insights.download_csv')}
        </Button>
        <Button variant="outline" size="sm" aria-describedby={titleId} onClick={() => void downloadPng()}>
          <Download aria-hidden />
          {t('insights.download_png')}
        </Button>
      </div>
      <div id={tableId} hidden={!open}>
        <RowsTable spec={spec} />
      </div>
    </div>
  );
}
