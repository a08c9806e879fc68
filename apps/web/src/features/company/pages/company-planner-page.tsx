import { useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { amountTextError, PLANNER_SORT_FIELDS, SURFACE_SEARCH_FIELDS, type PlannerListData, type PlannerSurface, type SaveAmountData } from '@promo/shared';
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
import type { ApiResponse } from '@/lib/api-client';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import { onActionSent, useQueuedActions } from '@/lib/offline-queue';
import { companyKeys, plannerQuery, saveAmount, waitingAmounts } from '../api';
import { PlannerCards } from '../components/planner-cards';
import { PlannerSaveBar } from '../components/planner-save-bar';
import { isSavable, PlannerTable, type PlannerRowState } from '../components/planner-table';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';
import { isUnusualAmount, UnusualAmountsDialog, type AmountToConfirm } from '../components/unusual-amounts';

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
  const nothingKept = useNothingKeptOffline(query);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  /** Amounts saved on the device and not yet on the server (the offline queue), by surface. */
  const waiting = waitingAmounts(useQueuedActions());

  const saved = (res: ApiResponse<SaveAmountData>, row: PlannerSurface) => {
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

  /** One amount: sent now, or kept on the device (the row says it waits; the typed text stays as it is). */
  const save = useMutation({
    // The queue decides what waits for the network, so the mutation itself is never paused offline.
    networkMode: 'always',
    mutationFn: ({ row, amount }: { row: PlannerSurface; amount: number }) => saveAmount(row, amount),
    onSuccess: (res, { row }) => {
      if (!res.sent) return toast({ title: t('company.planner.queued', { count: 1 }) });
      saved(res.answer, row);
      feedback.success(res.answer);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (err, { row }) => {
      refused(err, row);
      feedback.failure(err);
    },
  });

  /** The phone's save bar: every changed card, one after the other; a refused one keeps its text and says why. */
  const saveAll = useMutation({
    networkMode: 'always',
    mutationFn: async (rows: PlannerSurface[]) => {
      let ok = 0;
      let queued = 0;
      for (const row of rows) {
        try {
          const res = await saveAmount(row, Number(drafts[row.id]));
          if (res.sent) {
            saved(res.answer, row);
            ok += 1;
          } else {
            queued += 1;
          }
        } catch (err) {
          refused(err, row);
        }
      }
      return { ok, queued, failed: rows.length - ok - queued };
    },
    onSuccess: ({ ok, queued, failed }) => {
      toast({
        variant: failed ? 'destructive' : 'default',
        title: failed
          ? t('company.planner.saved_some', { count: ok + queued, failed })
          : queued
            ? t('company.planner.queued', { count: queued })
            : t('company.planner.saved_all', { count: ok }),
      });
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });

  /** What the station last saved: the amount waiting on the device, else the server's. */
  const lastSavedOf = (surfaceId: number) => {
    const w = waiting.get(surfaceId);
    return w && !w.failed ? w.amount : (data?.userSurfacesData[surfaceId] ?? 0);
  };
  const lastSaved = (row: PlannerSurface) => lastSavedOf(row.id);
  const rowState = (row: PlannerSurface): PlannerRowState => {
    const base = lastSaved(row);
    const draft = drafts[row.id] ?? String(base);
    const w = waiting.get(row.id);
    const saving = (save.isPending && save.variables?.row.id === row.id) || (saveAll.isPending && !!saveAll.variables?.some((r) => r.id === row.id) && row.id in drafts);
    const notSent = w?.failed ? t('offline.failed', { what: `${t('offline.kind.amount')}: ${w.amount}` }) : undefined;
    return { saved: base, draft, changed: draft !== String(base), saving, waiting: !!w && !w.failed, failed: failures[row.id] ?? notSent };
  };
  const unsaved = Object.entries(drafts).some(([id, draft]) => draft !== String(lastSavedOf(Number(id))));
  const onDraft = (row: PlannerSurface, value: string) => {
    setDrafts((d) => ({ ...d, [row.id]: value }));
    setFailures(({ [row.id]: _, ...rest }) => rest);
  };
  const onRevert = (row: PlannerSurface) => setDrafts(({ [row.id]: _, ...rest }) => rest);
  const rows = data?.surfaces ?? [];
  const changedRows = rows.filter((row) => rowState(row).changed && !row.locked);
  const invalid = changedRows.filter((row) => amountTextError(rowState(row).draft) !== null).length;

  /** Far above what was last saved: asked about first (issue 33). */
  const [toConfirm, setToConfirm] = useState<{ rows: PlannerSurface[]; all: boolean } | null>(null);
  const unusual = (list: PlannerSurface[]): AmountToConfirm[] =>
    list
      .map((row) => ({ surfaceId: row.id, surface: row.name, amount: Number(drafts[row.id]), last: lastSaved(row) }))
      .filter((item) => isUnusualAmount(item.amount, item.last));
  const run = ({ rows: list, all }: { rows: PlannerSurface[]; all: boolean }) => {
    if (all) saveAll.mutate(list);
    else save.mutate({ row: list[0]!, amount: Number(drafts[list[0]!.id]) });
  };
  const ask = (next: { rows: PlannerSurface[]; all: boolean }) => (unusual(next.rows).length ? setToConfirm(next) : run(next));

  // An amount sent from the queue later (the connection came back) shows as saved at once; the
  // planner's lists reload as well (lib/station-offline.tsx).
  useEffect(
    () =>
      onActionSent((a) => {
        if (a.kind !== 'amount') return;
        const surface = Number(a.request.fields.surface_id);
        queryClient.setQueriesData<PlannerListData>({ queryKey: ['company', 'planner'] }, (old) =>
          old ? { ...old, userSurfacesData: { ...old.userSurfacesData, [surface]: Number(a.request.fields.amount) } } : old,
        );
      }),
    [queryClient],
  );

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
      {nothingKept ? (
        <NothingKeptOffline />
      ) : phone ? (
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
          onSave={(row) => isSavable(row, rowState(row)) && ask({ rows: [row], all: false })}
          onImage={(src, row) => setViewer({ src, title: row.name })}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      {phone && !nothingKept && (
        <PlannerSaveBar
          changed={changedRows.length}
          invalid={invalid}
          saving={saveAll.isPending}
          onSave={() => ask({ rows: changedRows.filter((row) => isSavable(row, rowState(row))), all: true })}
        />
      )}
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
      <UnusualAmountsDialog
        items={toConfirm ? unusual(toConfirm.rows) : []}
        onCancel={() => setToConfirm(null)}
        onConfirm={() => {
          if (toConfirm) run(toConfirm);
          setToConfirm(null);
        }}
      />
    </section>
  );
}
