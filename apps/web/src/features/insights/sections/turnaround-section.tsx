import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { turnaroundQuery, type InsightsFilters } from '../api';
import { turnaroundCharts } from '../charts/turnaround-charts';
import { InsightChart } from '../components/insight-chart';
import { ChartGrid, InsightSection } from '../components/insight-section';
import { useInsightsFormat } from '../format';

/** Design turnaround: days per step, median and 90th percentile, per category and per designer. */
export function TurnaroundSection({ filters, enabled }: { filters: InsightsFilters; enabled: boolean }) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(turnaroundQuery(filters, enabled));
  const charts = useMemo(() => query.data && turnaroundCharts(query.data, fmt, t), [query.data, fmt, t]);
  return (
    <InsightSection id="turnaround" title={t('insights.sections.turnaround')} query={query}>
      {(data) =>
        charts && (
          <ChartGrid>
            <InsightChart spec={charts.byCategory} range={data.range} />
            <InsightChart spec={charts.byDesigner} range={data.range} />
          </ChartGrid>
        )
      }
    </InsightSection>
  );
}
