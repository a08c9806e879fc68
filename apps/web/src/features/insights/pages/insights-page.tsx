import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { InsightsFilters } from '../components/insights-filters';
import { RangeNote } from '../components/range-note';
import { CostSection } from '../sections/cost-section';
import { DeadlinesSection } from '../sections/deadlines-section';
import { DeliverySection } from '../sections/delivery-section';
import { PrintQualitySection } from '../sections/print-quality-section';
import { TurnaroundSection } from '../sections/turnaround-section';
import { useInsightsFilters } from '../use-insights-filters';

/**
 * /insights (issue 24, decisions 037 and 038): the chain's figures for admin, cm-admin and a cm (its
 * own categories), filtered by range, category and station group in the URL. Each chart states its
 * finding in its title and has a table, a CSV and a PNG.
 */
export default function InsightsPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useInsightsFilters();
  // The server refuses an end before the start: nothing is asked until the range is right.
  const valid = !(filters.from && filters.to && filters.from > filters.to);
  const sections = { filters, enabled: valid };
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('insights.title')} />
      <p className="text-sm text-muted-foreground">{t('insights.intro')}</p>
      <InsightsFilters filters={filters} rangeError={!valid} onChange={setFilters} />
      <RangeNote {...sections} />
      <div className="grid min-w-0 grid-cols-1 gap-8 xl:grid-cols-2">
        <CostSection {...sections} className="xl:col-span-2" />
        <DeadlinesSection {...sections} className="xl:col-span-2" />
        <DeliverySection {...sections} className="xl:col-span-2" />
        <TurnaroundSection {...sections} />
        <PrintQualitySection {...sections} />
      </div>
    </div>
  );
}
