import { useTranslation } from 'react-i18next';
import { turnaroundQuery } from '../api';
import { turnaroundCharts } from '../charts/turnaround-charts';
import { InsightChart } from '../components/insight-chart';
import { InsightSection, type SectionProps } from '../components/insight-section';

/** Design turnaround: days per step, median and 90th percentile, per category and per designer. */
export function TurnaroundSection({ filters, enabled, className }: SectionProps) {
  const { t } = useTranslation();
  return (
    <InsightSection id="turnaround" title={t('insights.sections.turnaround')} options={turnaroundQuery(filters, enabled)} build={turnaroundCharts} className={className}>
      {(c, range) => (
        <>
          <InsightChart spec={c.byCategory} range={range} />
          <InsightChart spec={c.byDesigner} range={range} />
        </>
      )}
    </InsightSection>
  );
}
