import { useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { amountTextError, PLANNER_SORT_FIELDS, SURFACE_SEARCH_FIELDS, type PlannerListData, type PlannerSurface } from '@promo/shared';
import { LeaveGuard } from '@/components/ui/discard-changes';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { usePhone } from '@/lib/use-media-query';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { companyKeys, plannerQuery, saveAmount } from '../api';
import { PlannerCards } from '../components/planner-cards';
import { PlannerSaveBar } from '../components/planner-save-bar';
import { isSavable, PlannerTable, type PlannerRowState } from '../components/planner-table';
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
 * differs from the saved amount is flagged; surfaces locked for users are read-only (the server
 * refuses them too). On a desk each row is saved on its own; on a phone (issue 21) the rows are
 * cards and one save bar at the bottom of the screen saves every changed card.
 */
export default function CompanyPlannerPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  useNoSuchCompanyNotice();
  const list = useListParams(LIST);
  const onlyQuantity = list.filters.quantity === '1';
  /** Typed but not saved amounts by surface id; kept across pages and searches. */
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  /** The server's refusal of a row's last save, in words, until it is typed again. */
  const [failures, setFailures] = useState<Record<number, string>>({});
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);

  const query = useQuery(
    plannerQuery({ ...list.params, obj_search: { field: list.field, input_value: list.searchText }, only_quantity: onlyQuantity }),
  );
  const data = useLastGood(query.data);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));

  const saved = (res: Awaited<ReturnType<typeof saveAmount>>, row: PlannerSurface) => {
    // The saved amount shows at once in every cached page of the planner; then the lists reload.
    queryClient.setQueriesData<PlannerListData>({ queryKey: ['company', 'planner'] }, (old) =>
      old ? { ...old, userSurfacesData: { ...old.userSurfacesData, [row.id]: res.data.amount } } : old,
    );
    setDrafts(({ [row.id]: _, ...rest }) => rest);
  };
  const refused = (err: unknown, row: PlannerSurface) => {
    const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
    setFailures((f) => ({ ...f, [row.id]: errorLines(body, t) || t('errors.network') }));
  };

  const save = useMutation({
    mutationFn: ({ row, amount }: { row: PlannerSurface; amount: number }) => saveAmount(row.id, amount),
    onSuccess: (res, { row }) => {
      saved(res, row);
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (err, { row }) => {
      refused(err, row);
      feedback.failure(err);
    },
  });

  /** The phone's save bar: every changed card, one after the other; a refused one keeps its text and says why. */
  const saveAll = useMutation({
    mutationFn: async (rows: PlannerSurface[]) => {
      let ok = 0;
      for (const row of rows) {
        try {
          saved(await saveAmount(row.id, Number(drafts[row.id])), row);
          ok += 1;
        } catch (err) {
          refused(err, row);
        }
      }
      return { ok, failed: rows.length - ok };
    },
    onSuccess: ({ ok, failed }) => {
      toast({
        variant: failed ? 'destructive' : 'default',
        title: failed ? t('company.planner.saved_some', { count: ok, failed }) : t('company.planner.saved_all', { count: ok }),
      });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });

  const savedAmount = (row: PlannerSurface) => data?.userSurfacesData[row.id] ?? 0;
  const unsaved = Object.entries(drafts).some(([id, draft]) => draft !== String(data?.userSurfacesData[Number(id)] ?? 0));
  const rowState = (row: PlannerSurface): PlannerRowState => {
    const draft = drafts[row.id] ?? String(savedAmount(row));
    const saving = (save.isPending && save.variables?.row.id === row.id) || (saveAll.isPending && !!saveAll.variables?.some((r) => r.id === row.id) && row.id in drafts);
    return { saved: savedAmount(row), draft, changed: draft !== String(savedAmount(row)), saving, failed: failures[row.id] };
  };
  const onDraft = (row: PlannerSurface, value: string) => {
    setDrafts((d) => ({ ...d, [row.id]: value }));
    setFailures(({ [row.id]: _, ...rest }) => rest);
  };
  const onRevert = (row: PlannerSurface) => setDrafts(({ [row.id]: _, ...rest }) => rest);
  const rows = data?.surfaces ?? [];
  const changedRows = rows.filter((row) => rowState(row).changed && !row.locked);
  const invalid = changedRows.filter((row) => amountTextError(rowState(row).draft) !== null).length;

  return (
    <section className={cn('grid gap-4', phone && 'pb-20')}>
      <PageHeader title={t('company.planner.title')} />
      {/* Typed amounts stay across the list's pages and searches; leaving the page loses them. */}
      <LeaveGuard when={unsaved && !save.isPending && !saveAll.isPending} keepsSearch />
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
        <div className="ml-auto max-sm:ml-0 max-sm:w-full">
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
      {phone ? (
        <PlannerCards rows={rows} loading={query.isPending} rowState={rowState} onDraft={onDraft} onRevert={onRevert} onImage={(src, row) => setViewer({ src, title: row.name })} />
      ) : (
        <PlannerTable
          rows={rows}
          loading={query.isPending}
          sort={list.sort}
          onSort={list.setSort}
          rowState={rowState}
          onDraft={onDraft}
          onRevert={onRevert}
          onSave={(row) => isSavable(row, rowState(row)) && save.mutate({ row, amount: Number(drafts[row.id]) })}
          onImage={(src, row) => setViewer({ src, title: row.name })}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      {phone && (
        <PlannerSaveBar
          changed={changedRows.length}
          invalid={invalid}
          saving={saveAll.isPending}
          onSave={() => saveAll.mutate(changedRows.filter((row) => isSavable(row, rowState(row))))}
        />
      )}
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
    </section>
  );
}
