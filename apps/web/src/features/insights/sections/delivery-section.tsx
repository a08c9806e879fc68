import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryQuery, type InsightsFilters } from '../api';
import { deliveryCharts } from '../charts/delivery-charts';
import { InsightChart } from '../components/insight-chart';
import { ChartGrid, InsightSection } from '../components/insight-section';
import { RowsList } from '../components/rows-list';
import { useInsightsFormat } from '../format';

/** Delivery and placement: per station group, and the stations that confirmed late or left surfaces unphotographed. */
export function DeliverySection({ filters, enabled }: { filters: InsightsFilters; enabled: boolean }) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(deliveryQuery(filters, enabled));
  const charts = useMemo(() => query.data && deliveryCharts(query.data, fmt, t), [query.data, fmt, t]);
  return (
    <InsightSection id="delivery" title={t('insights.sections.delivery')} query={query}>
      {(data) =>
        charts && (
          <ChartGrid>
            <InsightChart spec={charts.byGroup} range={data.range} />
            <RowsList spec={charts.late} />
            <RowsList spec={charts.withoutPhotos} />
          </ChartGrid>
        )
      }
    </InsightSection>
  );
}
