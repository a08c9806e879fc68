import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * A section of /insights: its heading, then its charts once the figures have come (the last ones
 * stay, marked busy, while new filters are asked), or the loading or failure text.
 */
export function InsightSection<T>({
  id,
  title,
  query,
  className,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T>;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const heading = `insights-${id}-heading`;
  return (
    <section aria-labelledby={heading} aria-busy={query.isFetching} className={cn('grid min-w-0 grid-cols-1 content-start gap-3', className)} data-testid={`insights-${id}`}>
      <h2 id={heading} className="text-xl font-semibold">
        {title}
      </h2>
      {query.isError ? (
        <p className="text-sm text-destructive">{t('insights.load_failed')}</p>
      ) : query.data ? (
        children(query.data)
      ) : (
        <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
      )}
    </section>
  );
}

/** The charts of a section: one column on a phone, two where there is room. */
export const ChartGrid = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <div className={cn('grid min-w-0 grid-cols-1 gap-4', wide && 'xl:grid-cols-2')}>{children}</div>
);
