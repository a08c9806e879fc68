import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROMOTION_SORT_FIELDS, type Endpoint, type PromotionRow } from '@promo/shared';
import { PageHeader } from '@/components/ui/page-header';
import { DateRangePicker, type DateRange } from '@/components/ui/date-range-picker';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';
import { dateToDay, dayToDate } from '@/lib/calendar-day';
import { isRefusal } from '@/lib/error-catalogue';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { promotionsListQuery } from '../api';
import { takeStoredPromotionId } from '../stored-promotion';
import { usePhone } from '@/lib/use-media-query';
import type { DeadlineAudience } from './deadline-badge';
import { PromotionCards } from './promotion-cards';
import { PromotionsTable } from './promotions-table';

type SortField = (typeof PROMOTION_SORT_FIELDS)[number];
const LIST: ListUrlSpec<'name', SortField, 'active' | 'from' | 'to'> = {
  sortFields: PROMOTION_SORT_FIELDS,
  defaultSort: 'name',
  defaultField: 'name',
  // The range's days as 'YYYY-MM-DD' (to absent for a one-day range).
  filters: { active: 'flag', from: 'day', to: 'day' },
  clearedFilters: ['from', 'to'],
};

/** The picker's range from the URL's days (local midnights), and back. */
const rangeOf = (from: string, to: string): DateRange | undefined =>
  from ? { from: dayToDate(from), to: to && to >= from ? dayToDate(to) : undefined } : undefined;
const daysOf = (range: DateRange | undefined) => ({
  from: range?.from ? dateToDay(range.from) : '',
  to: range?.from && range.to ? dateToDay(range.to) : '',
});

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
  rowLink,
  audience,
  refused,
}: {
  title: string;
  /** Shown in place of the list when the server refuses it (403). */
  refused?: ReactNode;
  imageFirst?: boolean;
  /** Where a phone's card leads (the station's promotion sheet); without it a card shows the actions. */
  rowLink?: (row: PromotionRow) => string;
  audience?: DeadlineAudience;
  endpoint?: Endpoint;
  headerActions?: ReactNode;
  actions: (row: PromotionRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const list = useListParams(LIST);
  const onlyActive = list.filters.active === '1';
  const range = useMemo(() => rangeOf(list.filters.from, list.filters.to), [list.filters.from, list.filters.to]);
  const [viewing, setViewing] = useState<PromotionRow | null>(null);

  const query = useQuery(
    promotionsListQuery(
      {
        ...list.params,
        obj_search: {
          field: 'name',
          input_value: list.searchText,
          only_active: onlyActive,
          // The picked days as they are ('YYYY-MM-DD'): the server takes them as Oslo days, the
          // last one up to 23:59:59.999 Oslo time, whatever the browser's time zone (decision 012).
          date_picker: { from: list.filters.from, to: list.filters.from ? list.filters.to || list.filters.from : '' },
        },
      },
      endpoint,
    ),
  );
  const data = useLastGood(query.data);
  const nothingKept = useNothingKeptOffline(query);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  const [activeId, setActiveId] = useState<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const stored = takeStoredPromotionId(data.promotions.map((p) => p.id));
    if (stored !== null) setActiveId(stored);
  }, [data]);

  if (refused && isRefusal(query.error)) return refused;
  return (
    <section className="grid gap-4">
      <PageHeader title={title}>{headerActions}</PageHeader>
      <div className="flex flex-wrap items-center gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <div className="flex items-center gap-2">
          <Switch
            id="only-active"
            checked={onlyActive}
            onCheckedChange={(v) => list.setFilters({ active: v ? '1' : '' })}
          />
          <Label htmlFor="only-active">{t('promotions.only_active')}</Label>
        </div>
        <DateRangePicker
          value={range}
          onChange={(r) => list.setFilters(daysOf(r))}
        />
        <div className="ml-auto">
          <SearchControls
            text={list.text}
            onText={list.setText}
            showClear={!!list.text || !!range?.from}
            onClear={list.clearSearch}
          />
        </div>
      </div>
      {nothingKept ? (
        <NothingKeptOffline />
      ) : phone ? (
        <PromotionCards
          rows={data?.promotions ?? []}
          statusNames={data?.config_promotion_status}
          loading={query.isPending}
          actions={actions}
          rowLink={rowLink}
          activeId={activeId}
          audience={audience}
        />
      ) : (
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
          audience={audience}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      <ImageViewer src={viewing?.url_images?.original ?? null} title={viewing?.name} onClose={() => setViewing(null)} />
    </section>
  );
}
