import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Endpoint, PromotionRow, PROMOTION_SORT_FIELDS } from '@promo/shared';
import { PageHeader } from '@/components/ui/page-header';
import { DateRangePicker, type DateRange } from '@/components/ui/date-range-picker';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';
import { endOfDay } from '@/lib/format';
import { useLastGood } from '@/lib/use-last-good';
import { useListParams } from '@/lib/use-list-params';
import { promotionsListQuery } from '../api';
import { takeStoredPromotionId } from '../stored-promotion';
import { PromotionsTable } from './promotions-table';

type SortField = (typeof PROMOTION_SORT_FIELDS)[number];

/**
 * The shared promotion list (spec 001 §2.2, §2.8, §2.10): page size, only-active switch, two-month
 * date range, name search with clear-filters, sortable columns, pagination and the image viewer.
 */
export function PromotionListView({
  title,
  endpoint,
  headerActions,
  actions,
  imageFirst,
}: {
  title: string;
  imageFirst?: boolean;
  endpoint?: Endpoint;
  headerActions?: ReactNode;
  actions: (row: PromotionRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useListParams<'name', SortField>({ defaultSort: 'name', defaultField: 'name' });
  const [onlyActive, setOnlyActive] = useState(false);
  const [range, setRange] = useState<DateRange | undefined>(undefined);
  const [viewing, setViewing] = useState<PromotionRow | null>(null);

  const query = useQuery(
    promotionsListQuery(
      {
        ...list.params,
        obj_search: {
          field: 'name',
          input_value: list.searchText,
          only_active: onlyActive,
          date_picker: {
            from: range?.from ? range.from.toISOString() : '',
            // The range ends at 23:59:59.999 of its last day.
            to: range?.from ? endOfDay(range.to ?? range.from).toISOString() : '',
          },
        },
      },
      endpoint,
    ),
  );
  const data = useLastGood(query.data);
  const [activeId, setActiveId] = useState<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const stored = takeStoredPromotionId(data.promotions.map((p) => p.id));
    if (stored !== null) setActiveId(stored);
  }, [data]);

  return (
    <section className="grid gap-4">
      <PageHeader title={title}>{headerActions}</PageHeader>
      <div className="flex flex-wrap items-center gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <div className="flex items-center gap-2">
          <Switch
            id="only-active"
            checked={onlyActive}
            onCheckedChange={(v) => {
              setOnlyActive(v);
              list.setPage(1);
            }}
          />
          <Label htmlFor="only-active">{t('promotions.only_active')}</Label>
        </div>
        <DateRangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            list.setPage(1);
          }}
        />
        <div className="ml-auto">
          <SearchControls
            text={list.text}
            onText={list.setText}
            showClear={!!list.text || !!range?.from}
            onClear={() => {
              list.clearSearch();
              setRange(undefined);
            }}
          />
        </div>
      </div>
      <PromotionsTable
        rows={data?.promotions ?? []}
        statusNames={data?.config_promotion_status}
        loading={query.isPending}
        sort={list.sort}
        onSort={list.setSort}
        onImage={setViewing}
        actions={actions}
        activeId={activeId}
        imageFirst={imageFirst}
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      <ImageViewer src={viewing?.url_images?.original ?? null} title={viewing?.name} onClose={() => setViewing(null)} />
    </section>
  );
}
