import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { costQuery, type InsightsFilters } from '../api';
import { costCharts } from '../charts/cost-charts';
import { InsightChart } from '../components/insight-chart';
import { ChartGrid, InsightSection } from '../components/insight-section';
import { useInsightsFormat } from '../format';

/** Cost: what the promotions sent to the printers cost, per month and category, promotion, surface, group and station. */
export function CostSection({ filters, enabled, className }: { filters: InsightsFilters; enabled: boolean; className?: string }) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(costQuery(filters, enabled));
  const charts = useMemo(() => query.data && costCharts(query.data, fmt, t), [query.data, fmt, t]);
  return (
    <InsightSection id="cost" title={t('insights.sections.cost')} query={query} className={className}>
      {(data) =>
        charts && (
          <ChartGrid wide>
            <InsightChart spec={charts.byMonth} range={data.range} />
            <InsightChart spec={charts.byPromotion} range={data.range} />
            <InsightChart spec={charts.topSurfaces} range={data.range} />
            <InsightChart spec={charts.byGroup} range={data.range} />
            <InsightChart spec={charts.topStations} range={data.range} />
          </ChartGrid>
        )
      }
    </InsightSection>
  );
}
