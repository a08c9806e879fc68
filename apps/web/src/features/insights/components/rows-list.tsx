import { useTranslation } from 'react-i18next';
import type { TableSpec } from '../charts/chart-spec';
import { RowsTable } from './rows-table';

/**
 * A list of /insights shown as a table at once (the late promotions, stations to follow up), or its
 * name and "nothing in this range". It takes the section's whole width: its columns need it.
 */
export function RowsList<R>({ spec }: { spec: TableSpec<R> }) {
  const { t } = useTranslation();
  return (
    <div className="col-span-full min-w-0">
      {spec.rows.length ? (
        <RowsTable spec={spec} />
      ) : (
        <div className="grid min-w-0 grid-cols-1 content-start gap-1 rounded-md border border-border p-3" data-testid={`table-${spec.id}`}>
          <h3 className="font-semibold">{spec.name}</h3>
          <p className="text-sm text-muted-foreground">{t('insights.empty')}</p>
        </div>
      )}
    </div>
  );
}
