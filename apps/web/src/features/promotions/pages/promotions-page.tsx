import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, type PromotionRow, type PROMOTION_SORT_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateRangePicker, type DateRange } from '@/components/ui/date-range-picker';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { endOfDay } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import { useListParams } from '@/lib/use-list-params';
import { deletePromotion, promotionKeys, promotionsListQuery } from '../api';
import { PromotionsTable } from '../components/promotions-table';

type SortField = (typeof PROMOTION_SORT_FIELDS)[number];

export default function PromotionsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const queryClient = useQueryClient();
  const list = useListParams<'name', SortField>({ defaultSort: 'name', defaultField: 'name' });
  const [onlyActive, setOnlyActive] = useState(false);
  const [range, setRange] = useState<DateRange | undefined>(undefined);
  const [viewing, setViewing] = useState<PromotionRow | null>(null);
  const [deleting, setDeleting] = useState<PromotionRow | null>(null);

  const query = useQuery(
    promotionsListQuery({
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
    }),
  );
  const data = useLastGood(query.data);

  const remove = useMutation({
    mutationFn: (row: PromotionRow) => deletePromotion(row.id),
    onSuccess: (res) => {
      toast({ title: t('toast.system_message'), description: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    onSettled: () => setDeleting(null),
  });

  return (
    <section className="grid gap-4">
      <PageHeader title={t('promotions.title')}>
        {can(me.role, 'promotions.create') && (
          <Button asChild>
            <Link to="/promotion-settings?action=create">
              <Plus /> {t('promotions.create')}
            </Link>
          </Button>
        )}
      </PageHeader>
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
        role={me.role}
        sort={list.sort}
        onSort={list.setSort}
        onImage={setViewing}
        onDelete={setDeleting}
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      <ImageViewer src={viewing?.url_images?.original ?? null} title={viewing?.name} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('promotions.delete_confirm')}
        description={deleting?.name}
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
      />
    </section>
  );
}
