import { useTranslation } from 'react-i18next';
import { deadlinesQuery } from '../api';
import { deadlineCharts } from '../charts/deadline-charts';
import { InsightChart } from '../components/insight-chart';
import { InsightSection, type SectionProps } from '../components/insight-section';
import { RowsList } from '../components/rows-list';

/** Deadlines kept: the share on time per milestone and per month, and the promotions that were late. */
export function DeadlinesSection({ filters, enabled, className }: SectionProps) {
  const { t } = useTranslation();
  return (
    <InsightSection id="deadlines" title={t('insights.sections.deadlines')} options={deadlinesQuery(filters, enabled)} build={deadlineCharts} wide className={className}>
      {(c, range) => (
        <>
          <InsightChart spec={c.byMilestone} range={range} />
          <InsightChart spec={c.byMonth} range={range} />
          <RowsList spec={c.late} />
        </>
      )}
    </InsightSection>
  );
}
