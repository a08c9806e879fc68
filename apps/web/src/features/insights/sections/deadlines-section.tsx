import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deadlinesQuery, type InsightsFilters } from '../api';
import { deadlineCharts } from '../charts/deadline-charts';
import { InsightChart } from '../components/insight-chart';
import { ChartGrid, InsightSection } from '../components/insight-section';
import { RowsList } from '../components/rows-list';
import { useInsightsFormat } from '../format';

/** Deadlines kept: the share on time per milestone and per month, and the promotions that were late. */
export function DeadlinesSection({ filters, enabled }: { filters: InsightsFilters; enabled: boolean }) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(deadlinesQuery(filters, enabled));
  const charts = useMemo(() => query.data && deadlineCharts(query.data, fmt, t), [query.data, fmt, t]);
  return (
    <InsightSection id="deadlines" title={t('insights.sections.deadlines')} query={query}>
      {(data) =>
        charts && (
          <ChartGrid>
            <InsightChart spec={charts.byMilestone} range={data.range} />
            <InsightChart spec={charts.byMonth} range={data.range} />
            <RowsList spec={charts.late} />
          </ChartGrid>
        )
      }
    </InsightSection>
  );
}
