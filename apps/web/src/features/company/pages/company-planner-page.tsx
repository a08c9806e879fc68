import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLANNER_SORT_FIELDS, SURFACE_SEARCH_FIELDS, type PlannerListData, type PlannerSurface } from '@promo/shared';
import { LeaveGuard } from '@/components/ui/discard-changes';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { companyKeys, plannerQuery, saveAmount } from '../api';
import { PlannerTable, type PlannerRowState } from '../components/planner-table';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';

type SearchField = (typeof SURFACE_SEARCH_FIELDS)[number];
type SortField = (typeof PLANNER_SORT_FIELDS)[number];
const LIST: ListUrlSpec<SearchField, SortField, 'quantity'> = {
  sortFields: PLANNER_SORT_FIELDS,
  defaultSort: 'vendor_code',
  fields: SURFACE_SEARCH_FIELDS,
  defaultField: 'name',
  filters: { quantity: 'flag' },
};

/**
 * The company planner (spec 001 §2.12): every surface with the station's amount. A row whose input
 * differs from the saved amount is flagged and saved on its own; surfaces locked for users are
 * read-only (the server refuses them too).
 */
export default function CompanyPlannerPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  useNoSuchCompanyNotice();
  const list = useListParams(LIST);
  const onlyQuantity = list.filters.quantity === '1';
  /** Typed but not saved amounts by surface id; kept across pages and searches. */
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);

  const query = useQuery(
    plannerQuery({ ...list.params, obj_search: { field: list.field, input_value: list.searchText }, only_quantity: onlyQuantity }),
  );
  const data = useLastGood(query.data);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));

  const save = useMutation({
    mutationFn: ({ row, amount }: { row: PlannerSurface; amount: number }) => saveAmount(row.id, amount),
    onSuccess: (res, { row }) => {
      // The saved amount shows at once in every cached page of the planner; then the lists reload.
      queryClient.setQueriesData<PlannerListData>({ queryKey: ['company', 'planner'] }, (old) =>
        old ? { ...old, userSurfacesData: { ...old.userSurfacesData, [row.id]: res.data.amount } } : old,
      );
      setDrafts(({ [row.id]: _, ...rest }) => rest);
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (err) => feedback.failure(err),
  });

  const savedAmount = (row: PlannerSurface) => data?.userSurfacesData[row.id] ?? 0;
  const unsaved = Object.entries(drafts).some(([id, draft]) => draft !== String(data?.userSurfacesData[Number(id)] ?? 0));
  const rowState = (row: PlannerSurface): PlannerRowState => {
    const saved = savedAmount(row);
    const draft = drafts[row.id] ?? String(saved);
    return { saved, draft, changed: draft !== String(saved), saving: save.isPending && save.variables?.row.id === row.id };
  };

  return (
    <section className="grid gap-4">
      <PageHeader title={t('company.planner.title')} />
      {/* Typed amounts stay across the list's pages and searches; leaving the page loses them. */}
      <LeaveGuard when={unsaved && !save.isPending} keepsSearch />
      <div className="flex flex-wrap items-center gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <div className="flex items-center gap-2">
          <Switch
            id="only-quantity"
            checked={onlyQuantity}
            onCheckedChange={(v) => list.setFilters({ quantity: v ? '1' : '' })}
          />
          <Label htmlFor="only-quantity">{t('company.planner.only_quantity')}</Label>
        </div>
        <div className="ml-auto">
          <SearchControls
            fields={SURFACE_SEARCH_FIELDS}
            field={list.field}
            onField={list.setField}
            fieldLabel={(f) => t(`surfaces.search_fields.${f}`)}
            text={list.text}
            onText={list.setText}
            onClear={list.clearSearch}
          />
        </div>
      </div>
      <PlannerTable
        rows={data?.surfaces ?? []}
        loading={query.isPending}
        sort={list.sort}
        onSort={list.setSort}
        rowState={rowState}
        onDraft={(row, value) => setDrafts((d) => ({ ...d, [row.id]: value }))}
        onRevertEmpty={(row) => setDrafts(({ [row.id]: _, ...rest }) => rest)}
        onSave={(row) => {
          const draft = drafts[row.id];
          if (draft === undefined || draft === '') return;
          save.mutate({ row, amount: Number(draft) });
        }}
        onImage={(src, row) => setViewer({ src, title: row.name })}
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
    </section>
  );
}
