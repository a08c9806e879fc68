import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';
import { costQuery, type InsightsFilters } from '../api';

/** The range the server took (its default: the last 12 months), as every section's figures cover it. */
export function RangeNote({ filters, enabled }: { filters: InsightsFilters; enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const range = useQuery(costQuery(filters, enabled)).data?.range;
  if (!range) return null;
  return (
    <p className="text-sm" data-testid="insights-range">
      {t('insights.range', { from: formatDay(range.from, i18n.language), to: formatDay(range.to, i18n.language) })}
    </p>
  );
}
