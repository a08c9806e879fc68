import { useTranslation } from 'react-i18next';
import { costQuery } from '../api';
import { costCharts } from '../charts/cost-charts';
import { InsightChart } from '../components/insight-chart';
import { InsightSection, type SectionProps } from '../components/insight-section';

/** Cost: what the promotions sent to the printers cost, per month and category, promotion, surface, group and station. */
export function CostSection({ filters, enabled, className }: SectionProps) {
  const { t } = useTranslation();
  return (
    <InsightSection id="cost" title={t('insights.sections.cost')} options={costQuery(filters, enabled)} build={costCharts} wide className={className}>
      {(c, range) => (
        <>
          <InsightChart spec={c.byMonth} range={range} />
          <InsightChart spec={c.byPromotion} range={range} />
          <InsightChart spec={c.topSurfaces} range={range} />
          <InsightChart spec={c.byGroup} range={range} />
          <InsightChart spec={c.topStations} range={range} />
        </>
      )}
    </InsightSection>
  );
}
