import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackageCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ImageViewer, Thumbnail } from '@/components/ui/image-viewer';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { usePhone } from '@/lib/use-media-query';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { printReportQuery, setPrinted } from '../api';
import { HqFile } from '../components/hq-file';
import { PrintedDialog, type PrintedDraft } from '../components/printed-dialog';
import { PrintReportCards } from '../components/print-report-cards';

/** /print-promotion-report?prom_id= (spec 001 §2.9): the printer's pairs, files and parcels. */
export default function PrintReportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('prom_id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const report = useQuery({ ...printReportQuery(id ?? 0), enabled: id !== null });
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const feedback = useSaveFeedback();
  const phone = usePhone();
  const printed = useMutation({
    mutationFn: (draft: PrintedDraft) => setPrinted({ promotion_id: id!, ...draft }),
    onSuccess: (res) => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['print-report', id] });
      toast({ title: serverMessage(res) });
    },
    onError: (err) => feedback.failure(err),
  });

  if (id === null) return <p className="text-muted-foreground">{t('promotions.not_loaded')}</p>;
  if (report.isPending) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  const data = report.data;
  if (!data) return <p className="text-muted-foreground">{t('report.no_data')}</p>;
  const nothingLeft = data.rows.every((r) => r.tracker_number !== null);
  const missing = (key: string) => <p className="text-muted-foreground italic">{t(key)}</p>;

  return (
    <section className="grid grid-cols-1 gap-4">
      <nav aria-label={t('promotions.breadcrumb')} className="text-sm text-muted-foreground">
        <Link to="/print-promotions" className="hover:underline">
          {t('print.title')}
        </Link>
        <span> / {data.promotion.name}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{data.promotion.name}</h1>
        <div className="flex items-center gap-3">
          {nothingLeft && (
            <span className="text-sm text-muted-foreground" data-testid="nothing-left">
              {t('print.nothing_left')}
            </span>
          )}
          <Button onClick={() => setOpen(true)} disabled={nothingLeft}>
            <PackageCheck /> {t('print.printed')}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="rounded-lg border p-3 text-sm" data-testid="distributor-block">
          <h2 className="mb-1 font-medium">{t('print.distributor')}</h2>
          {data.distributor ? (
            <>
              <p>{data.distributor.name}</p>
              {data.distributor.address ? <p>{data.distributor.address}</p> : missing('print.address_missing')}
              {data.distributor.phone ? <p>{data.distributor.phone}</p> : missing('print.phone_missing')}
            </>
          ) : (
            missing('print.no_distributor')
          )}
        </div>
        {data.print_report.description_cm && (
          <div className="rounded-lg border p-3 text-sm" data-testid="manager-comment">
            <h2 className="mb-1 font-medium">{t('report.comment_for_printers')}</h2>
            <p className="whitespace-pre-wrap">{data.print_report.description_cm}</p>
          </div>
        )}
      </div>
      {phone ? (
        <PrintReportCards rows={data.rows} onOpen={setViewing} />
      ) : (
        <Table data-testid="print-report-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('print.columns.image')}</TableHead>
              <TableHead>{t('print.columns.surface')}</TableHead>
              <TableHead>{t('print.columns.design')}</TableHead>
              <TableHead className="text-right">{t('print.columns.total')}</TableHead>
              <TableHead>{t('print.columns.download')}</TableHead>
              <TableHead>{t('report.tracker_number')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.length === 0 && <EmptyRow colSpan={6} loading={false} emptyText={t('report.no_data')} />}
            {data.rows.map((r) => (
              <TableRow key={r.design.id} data-testid={`print-row-${r.design.id}`}>
                <TableCell>
                  <Thumbnail urls={r.surface.url_images} alt={r.surface.name} onOpen={setViewing} />
                </TableCell>
                <TableCell>{r.surface.name}</TableCell>
                <TableCell>{r.design.name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(r.total)}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap items-start gap-2">
                    {r.image && <HqFile file={r.image} label={t('print.hq_image')} />}
                    {r.document && <HqFile file={r.document} label={t('print.hq_document')} />}
                    {!r.image && !r.document && <span className="text-xs text-muted-foreground">{t('print.file_missing')}</span>}
                  </div>
                </TableCell>
                <TableCell>{r.tracker_number ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ImageViewer src={viewing} onClose={() => setViewing(null)} />
      <PrintedDialog
        open={open}
        rows={data.rows}
        busy={printed.isPending}
        error={printed.error}
        onSend={(d) => printed.mutate(d)}
        onClose={() => {
          setOpen(false);
          printed.reset();
        }}
      />
    </section>
  );
}
