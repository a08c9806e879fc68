import { useTranslation } from 'react-i18next';
import { printQualityQuery } from '../api';
import { qualityCharts } from '../charts/quality-charts';
import { InsightChart } from '../components/insight-chart';
import { InsightSection, type SectionProps } from '../components/insight-section';

/** Print quality: checked HQ files per designer, and preflight findings per check. */
export function PrintQualitySection({ filters, enabled, className }: SectionProps) {
  const { t } = useTranslation();
  return (
    <InsightSection id="print-quality" title={t('insights.sections.print_quality')} options={printQualityQuery(filters, enabled)} build={qualityCharts} className={className}>
      {(c, range) => (
        <>
          <InsightChart spec={c.byDesigner} range={range} />
          <InsightChart spec={c.byCheck} range={range} />
        </>
      )}
    </InsightSection>
  );
}
