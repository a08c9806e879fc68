import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { printQualityQuery, type InsightsFilters } from '../api';
import { qualityCharts } from '../charts/quality-charts';
import { InsightChart } from '../components/insight-chart';
import { ChartGrid, InsightSection } from '../components/insight-section';
import { useInsightsFormat } from '../format';

/** Print quality: checked HQ files per designer, and preflight findings per check. */
export function PrintQualitySection({ filters, enabled }: { filters: InsightsFilters; enabled: boolean }) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(printQualityQuery(filters, enabled));
  const charts = useMemo(() => query.data && qualityCharts(query.data, fmt, t), [query.data, fmt, t]);
  return (
    <InsightSection id="print-quality" title={t('insights.sections.print_quality')} query={query}>
      {(data) =>
        charts && (
          <ChartGrid>
            <InsightChart spec={charts.byDesigner} range={data.range} />
            <InsightChart spec={charts.byCheck} range={data.range} />
          </ChartGrid>
        )
      }
    </InsightSection>
  );
}
