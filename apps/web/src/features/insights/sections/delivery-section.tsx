import { useTranslation } from 'react-i18next';
import { deliveryQuery } from '../api';
import { deliveryCharts } from '../charts/delivery-charts';
import { InsightChart } from '../components/insight-chart';
import { InsightSection, type SectionProps } from '../components/insight-section';
import { RowsList } from '../components/rows-list';

/** Delivery and placement: per station group, and the stations that confirmed late or left surfaces unphotographed. */
export function DeliverySection({ filters, enabled, className }: SectionProps) {
  const { t } = useTranslation();
  return (
    <InsightSection id="delivery" title={t('insights.sections.delivery')} options={deliveryQuery(filters, enabled)} build={deliveryCharts} className={className}>
      {(c, range) => (
        <>
          <InsightChart spec={c.byGroup} range={range} />
          <RowsList spec={c.late} />
          <RowsList spec={c.withoutPhotos} />
        </>
      )}
    </InsightSection>
  );
}
