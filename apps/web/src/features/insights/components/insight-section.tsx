import { useMemo, type ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InsightsRange } from '@promo/shared';
import { cn } from '@/lib/cn';
import type { InsightsFilters } from '../api';
import { useInsightsFormat, type InsightsFormat } from '../format';

/** What the page hands each section. */
export interface SectionProps {
  filters: InsightsFilters;
  enabled: boolean;
  className?: string;
}

/**
 * A section of /insights: its heading, then its charts once the figures have come (the last ones
 * stay, marked busy, while new filters are asked), or the loading or failure text. The charts are
 * built from the answer by `build` and laid out one column on a phone, two where there is room
 * when `wide`.
 */
export function InsightSection<T extends { range: InsightsRange }, C>({
  id,
  title,
  options,
  build,
  wide,
  className,
  children,
}: {
  id: string;
  title: string;
  options: UseQueryOptions<T, Error, T, (string | InsightsFilters)[]>;
  build: (data: T, fmt: InsightsFormat, t: TFunction) => C;
  wide?: boolean;
  className?: string;
  children: (charts: C, range: InsightsRange) => ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useInsightsFormat();
  const query = useQuery(options);
  const charts = useMemo(() => query.data && build(query.data, fmt, t), [query.data, build, fmt, t]);
  const heading = `insights-${id}-heading`;
  return (
    <section aria-labelledby={heading} aria-busy={query.isFetching} className={cn('grid min-w-0 grid-cols-1 content-start gap-3', className)} data-testid={`insights-${id}`}>
      <h2 id={heading} className="text-xl font-semibold">
        {title}
      </h2>
      {query.isError ? (
        <p className="text-sm text-destructive">{t('insights.load_failed')}</p>
      ) : query.data && charts ? (
        <div className={cn('grid min-w-0 grid-cols-1 gap-4', wide && 'xl:grid-cols-2')}>{children(charts, query.data.range)}</div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
      )}
    </section>
  );
}
