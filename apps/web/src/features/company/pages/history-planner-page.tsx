import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { HISTORY_SORT_FIELDS } from '@promo/shared';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SortableHead } from '@/components/ui/sortable-head';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useLastGood } from '@/lib/use-last-good';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { usePhone } from '@/lib/use-media-query';
import { historyQuery } from '../api';
import { HistoryCards } from '../components/history-cards';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';

type SortField = (typeof HISTORY_SORT_FIELDS)[number];
const SORTABLE: SortField[] = ['time', 'user_name', 'surface_name'];
const LIST: ListUrlSpec<'none', SortField> = { sortFields: HISTORY_SORT_FIELDS, defaultSort: 'time', defaultField: 'none' };

/** The planner history (spec 001 §2.13): the station's changes, newest first; cards on a phone. */
export default function HistoryPlannerPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  useNoSuchCompanyNotice();
  const list = useListParams(LIST);
  const query = useQuery(historyQuery(list.params));
  const data = useLastGood(query.data);
  const nothingKept = useNothingKeptOffline(query);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  return (
    <section className="grid gap-4">
      <PageHeader title={t('company.history.title')} />
      <div className="flex items-center gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
      </div>
      {nothingKept ? (
        <NothingKeptOffline />
      ) : phone ? (
        <HistoryCards rows={data?.history ?? []} loading={query.isPending} />
      ) : (
        <Table data-testid="history-table">
          <TableHeader>
            <TableRow>
              {SORTABLE.map((f) => (
                <SortableHead key={f} field={f} sort={list.sort} onSort={list.setSort}>
                  {t(`company.history.columns.${f}`)}
                </SortableHead>
              ))}
              <TableHead className="text-right">{t('company.history.columns.old_value')}</TableHead>
              <TableHead className="text-right">{t('company.history.columns.new_value')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!data?.history.length && <EmptyRow colSpan={5} loading={query.isPending} emptyText={t('company.history.empty')} />}
            {data?.history.map((row) => (
              <TableRow key={row.id} data-testid={`history-row-${row.id}`}>
                <TableCell className="whitespace-nowrap">{formatDateTime(row.updated_at)}</TableCell>
                <TableCell>{row.user_name || t('company.history.unknown_user')}</TableCell>
                <TableCell className="font-medium">{row.surface_name}</TableCell>
                <TableCell className="text-right font-mono">{row.old_value}</TableCell>
                <TableCell className="text-right font-mono">{row.new_value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
    </section>
  );
}
