import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AxiosError } from 'axios';
import { ArrowLeft, FileSpreadsheet, FileUp, Send, Undo2 } from 'lucide-react';
import { can, reportTotalRows, type ReportRow, type SendToPrintersPreflight } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { isRefusal } from '@/lib/error-catalogue';
import { NotNamedDistributor } from '@/features/distribution/components/not-named-distributor';
import { formatCount, formatDate } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePhone } from '@/lib/use-media-query';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { makeExcel, reportKeys, reportQuery, sendParcel, sendToPrinters, takeBackFromPrinters } from '../api';
import { BulkParcelsDialog } from '../components/bulk-parcels-dialog';
import { PrintedParcels } from '../components/printed-parcels';
import { ReportTable } from '../components/report-table';
import { StationParcelCards } from '../components/station-parcel-cards';
import { PreflightRefusedDialog } from '../components/preflight-refused-dialog';
import { SendRefusedDialog, SendToPrintersDialog } from '../components/send-to-printers-dialog';
import { StationSurfacesDialog } from '../components/station-surfaces-dialog';
import { TrackerDialog, type ParcelDraft } from '../components/tracker-dialog';
import { DeliveryFollowUp } from '../components/delivery-follow-up';
import { TrackerImportDialog } from '../components/tracker-import-dialog';

type Refusal = { kind: 'incomplete' } | { kind: 'no_printer'; surfaces: { id: number; name: string }[] } | null;

/** Starts a browser download of a same-origin link (the session cookie signs it). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** /promotion-report-view?prom_id= (spec 001 §2.6): staff and distributor views of the report. */
export default function ReportViewPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('prom_id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const distributor = me.role === 'distributor';
  const phone = usePhone();
  const [percentText, setPercentText] = useState<string | null>(null);
  const debounced = useDebouncedValue(percentText, 500);
  const percent = debounced === null || debounced === '' ? undefined : Number(debounced);
  const report = useQuery({ ...reportQuery(id ?? 0, percent), enabled: id !== null });
  const data = report.data;
  const [countRow, setCountRow] = useState<ReportRow | null>(null);
  const [parcelRow, setParcelRow] = useState<ReportRow | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkRows, setBulkRows] = useState<ReportRow[]>([]);
  const [takingBack, setTakingBack] = useState(false);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (data && percentText === null) setPercentText(String(data.percent));
  }, [data, percentText]);

  /**
   * After a change the report is asked for again. A request already on its way (the percent field's
   * own, sent before the change was committed) is cancelled first: invalidating alone would wait for
   * it and keep its answer, and the page would still offer "Send to printers" after the send.
   */
  const reload = async () => {
    await queryClient.cancelQueries({ queryKey: reportKeys.all });
    await queryClient.invalidateQueries({ queryKey: reportKeys.all });
  };
  const feedback = useSaveFeedback();

  const [preflightFound, setPreflightFound] = useState<{ found: SendToPrintersPreflight; comment: string } | null>(null);
  const send = useMutation({
    mutationFn: ({ comment, confirmed }: { comment: string; confirmed: boolean }) =>
      sendToPrinters({ promotion_id: id!, percent_report: Number(percentText || 0), description_cm: comment, ...(confirmed ? { confirm_preflight: true } : {}) }),
    onSuccess: (res) => {
      // Files not checked yet, or unreadable, do not stop the send: the toast says so.
      const unknown = [...(res.preflight?.preflight_pending ?? []), ...(res.preflight?.preflight_failed ?? [])].length;
      toast({ title: serverMessage(res), description: unknown ? t('report.preflight_unknown_sent', { count: unknown }) : undefined });
      setSending(false);
      setPreflightFound(null);
      void reload();
    },
    onError: (err: AxiosError<{ message_key?: string; data?: unknown }>, { comment }) => {
      const body = err.response?.data;
      // The refusal opens over the send dialog: closing one modal while opening another would let
      // the first one's history entry close the second.
      if (body?.message_key === 'not_all_designs_complete') setRefusal({ kind: 'incomplete' });
      else if (body?.message_key === 'surfaces_without_printer') setRefusal({ kind: 'no_printer', surfaces: (body.data as { id: number; name: string }[]) ?? [] });
      else if (body?.message_key === 'preflight_errors') setPreflightFound({ found: body.data as SendToPrintersPreflight, comment });
      else feedback.failure(err);
    },
  });

  const takeBack = useMutation({
    mutationFn: () => takeBackFromPrinters(id!),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void reload();
    },
    onSettled: () => setTakingBack(false),
  });

  const excel = useMutation({
    mutationFn: () => makeExcel({ promotion_id: id!, promotion_name: data?.promotion.name ?? '', number_percent: data?.percent ?? 0 }),
    onSuccess: (res) => download(res.data.file),
  });

  const parcel = useMutation({
    mutationFn: (draft: ParcelDraft) => sendParcel({ promotion_id: id!, company_id: parcelRow!.id, ...draft }),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      setParcelRow(null);
      void reload();
    },
    onError: (err) => feedback.failure(err),
  });

  const bulk = useMutation({
    mutationFn: async (parcels: { row: ReportRow; draft: ParcelDraft }[]) => {
      let sentCount = 0;
      for (const p of parcels.filter((x) => x.draft.sent_surfaces.length)) {
        await sendParcel({ promotion_id: id!, company_id: p.row.id, ...p.draft });
        sentCount += 1;
      }
      return sentCount;
    },
    onSuccess: (count) => toast({ title: t('report.bulk_sent', { count }) }),
    onError: (err) => feedback.failure(err),
    onSettled: () => {
      setBulkRows([]);
      setSelected(new Set());
      void reload();
    },
  });

  const toggle = (row: ReportRow) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(row.id)) next.delete(row.id);
      else next.add(row.id);
      return next;
    });

  if (id === null) return <p className="text-muted-foreground">{t('promotions.not_loaded')}</p>;
  if (report.isPending) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  if (distributor && isRefusal(report.error)) return <NotNamedDistributor />;
  if (!data) return <p className="text-muted-foreground">{t('report.no_data')}</p>;
  const sent = data.print_report !== null;

  return (
    // One column no wider than the screen: the wide table scrolls inside its own box (issue 21).
    <section className="grid grid-cols-1 gap-4">
      <nav aria-label={t('promotions.breadcrumb')} className="text-sm text-muted-foreground">
        {distributor ? (
          <Link to="/distributor-promotions" className="hover:underline">
            {t('distribution.title')}
          </Link>
        ) : (
          <Link to="/promotions" className="hover:underline">
            {t('promotions.title')}
          </Link>
        )}
        <span> / </span>
        {distributor ? (
          <span>{data.promotion.name}</span>
        ) : (
          <Link to={`/promotion-settings?prom_id=${id}&action=edit`} className="hover:underline">
            {data.promotion.name}
          </Link>
        )}
        {!distributor && (
          <>
            <span> / </span>
            <Link to={`/promotion-settings?prom_id=${id}&action=surfaces`} className="hover:underline">
              {t('report.surfaces')}
            </Link>
          </>
        )}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{distributor ? t('report.distributor_title') : t('report.title')}</h1>
        {distributor && selected.size > 0 && (
          <Button onClick={() => setBulkRows(data.user_obj.filter((r) => selected.has(r.id)))}>
            <Send /> {t('report.send_selected', { count: selected.size })}
          </Button>
        )}
        {distributor && (
          <Button variant="outline" onClick={() => setImporting(true)} data-testid="tracker-import-open">
            <FileUp /> {t('delivery.import.open')}
          </Button>
        )}
        {distributor && (
          <Button asChild variant="outline">
            <Link to="/distributor-promotions">
              <ArrowLeft /> {t('common.back')}
            </Link>
          </Button>
        )}
        {!distributor && (
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <Label htmlFor="report-percent">{t('report.percent')}</Label>
              <Input
                id="report-percent"
                inputMode="numeric"
                className="w-24"
                value={percentText ?? ''}
                disabled={sent}
                onChange={(e) => setPercentText(e.target.value.replace(/\D/g, ''))}
              />
            </div>
            <Button variant="outline" onClick={() => excel.mutate()} disabled={excel.isPending}>
              <FileSpreadsheet /> {t('report.excel')}
            </Button>
            {data.may_send_to_printers && !sent && (
              <Button onClick={() => setSending(true)}>
                <Send /> {t('report.send_to_printers')}
              </Button>
            )}
          </div>
        )}
      </div>
      {sent && (
        <p className="text-sm text-muted-foreground" data-testid="sent-to-printers">
          {t('report.sent_to_printers_at', { date: formatDate(data.print_report!.sent_at), percent: formatCount(data.print_report!.percent) })}
          {data.print_report!.description_cm && <span className="block">{data.print_report!.description_cm}</span>}
          {can(me.role, 'reports.takeBack') && data.printed_promotions.length === 0 && (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => setTakingBack(true)}>
              <Undo2 /> {t('report.take_back')}
            </Button>
          )}
        </p>
      )}
      <PrintedParcels parcels={data.use_users} trackingUrl={data.tracking_url} />
      <ReportTable data={data} totalRows={reportTotalRows(me.role)} onCount={setCountRow} onAddParcel={distributor ? setParcelRow : undefined} selected={selected} onToggle={distributor ? toggle : undefined} />
      {distributor && phone && <StationParcelCards data={data} selected={selected} onToggle={toggle} onCount={setCountRow} onAddParcel={setParcelRow} />}
      {data.delivery && <DeliveryFollowUp data={data.delivery} />}
      {distributor && <TrackerImportDialog promotionId={id} open={importing} onClose={() => setImporting(false)} onApplied={() => void reload()} />}
      <BulkParcelsDialog rows={bulkRows} columns={data.columns} busy={bulk.isPending} onSend={(parcels) => bulk.mutate(parcels)} onClose={() => setBulkRows([])} />
      <StationSurfacesDialog row={countRow} columns={data.columns} onClose={() => setCountRow(null)} />
      <TrackerDialog row={parcelRow} columns={data.columns} busy={parcel.isPending} onSend={(d) => parcel.mutate(d)} onClose={() => setParcelRow(null)} />
      <SendToPrintersDialog open={sending} busy={send.isPending} onSend={(comment) => send.mutate({ comment, confirmed: false })} onClose={() => setSending(false)} />
      <SendRefusedDialog refusal={refusal} onClose={() => setRefusal(null)} />
      <PreflightRefusedDialog
        found={preflightFound?.found ?? null}
        mayOverride={can(me.role, 'reports.overridePreflight')}
        busy={send.isPending}
        onSendAnyway={() => preflightFound && send.mutate({ comment: preflightFound.comment, confirmed: true })}
        onClose={() => setPreflightFound(null)}
      />
      <ConfirmDialog
        open={takingBack}
        onOpenChange={setTakingBack}
        title={t('report.take_back_title')}
        description={t('report.take_back_text')}
        confirmLabel={t('report.take_back')}
        busy={takeBack.isPending}
        onConfirm={() => takeBack.mutate()}
      />
    </section>
  );
}
