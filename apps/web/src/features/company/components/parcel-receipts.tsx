import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { CheckCircle2, Clock, PackageCheck, TriangleAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { MAX_RECEIPT_NOTE, type CompanyParcel, type ReceiptStatus } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/api-client';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import { toast } from '@/components/ui/use-toast';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { cn } from '@/lib/cn';
import { useQueuedActions } from '@/lib/offline-queue';
import { companyKeys, confirmReceipt } from '../api';

/** A receipt's status as a short coloured line. */
export function ReceiptBadge({ status }: { status: ReceiptStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <span className="text-muted-foreground">{t('delivery.receipt.pending')}</span>;
  return status === 'ok' ? (
    <span className="inline-flex items-center gap-1 font-medium text-green-800 dark:text-green-300">
      <CheckCircle2 className="size-4" aria-hidden /> {t('delivery.receipt.ok')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-medium text-red-800 dark:text-red-300">
      <TriangleAlert className="size-4" aria-hidden /> {t('delivery.receipt.problem')}
    </span>
  );
}

const parcelName = (p: CompanyParcel, t: TFunction) => (p.tracker_number ? t('delivery.receipt.parcel', { tracker: p.tracker_number }) : t('delivery.receipt.parcel_no_tracker'));

function ReceiptForm({ parcel, promotionId, onDone }: { parcel: CompanyParcel; promotionId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [status, setStatus] = useState<ReceiptStatus>(parcel.receipt?.status ?? 'ok');
  const [note, setNote] = useState(parcel.receipt?.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const save = useMutation({
    // Runs offline too: the queue keeps the answer on the device (TanStack would pause it instead).
    networkMode: 'always',
    mutationFn: () => confirmReceipt(promotionId, parcelName(parcel, t), { parcel_id: parcel.id, receipt_status: status, receipt_note: note }),
    onSuccess: (res) => {
      // Offline the answer waits on the device; the parcel then shows it as waiting to be sent.
      toast({ title: res.sent ? serverMessage(res.answer) : t('offline.queued') });
      if (res.sent) void queryClient.invalidateQueries({ queryKey: companyKeys.promotion(promotionId) });
      onDone();
    },
    onError: (err) => {
      const key = isAxiosError<ApiErrorBody>(err) ? (err.response?.data?.errors as Record<string, string[]> | undefined)?.receipt_note?.[0] : undefined;
      if (key) setNoteError(key);
      else feedback.failure(err);
    },
  });
  const noteId = `receipt-note-${parcel.id}`;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (status === 'problem' && !note.trim()) return setNoteError('receipt_note_required');
        setNoteError(null);
        save.mutate();
      }}
    >
      <Segmented
        kind="radiogroup"
        label={t('delivery.receipt.question')}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setNoteError(null);
        }}
        options={[
          { value: 'ok', label: t('delivery.receipt.answer_ok') },
          { value: 'problem', label: t('delivery.receipt.answer_problem') },
        ]}
        testId={`receipt-status-${parcel.id}`}
      />
      <div className="grid gap-1">
        <Label htmlFor={noteId}>{status === 'problem' ? t('delivery.receipt.note_required') : t('delivery.receipt.note_optional')}</Label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={MAX_RECEIPT_NOTE}
          value={note}
          aria-invalid={!!noteError}
          aria-describedby={noteError ? `${noteId}-error` : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            if (e.target.value.trim()) setNoteError(null);
          }}
          placeholder={t('delivery.receipt.note_placeholder')}
          className="w-full rounded-md border border-border bg-background px-3 py-2 text-base shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive sm:text-sm"
        />
        {noteError && (
          <p id={`${noteId}-error`} className="text-sm text-destructive" role="alert">
            {t(`validation.${noteError}`)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="max-sm:w-full" disabled={save.isPending} data-testid={`receipt-save-${parcel.id}`}>
          <PackageCheck /> {t('delivery.receipt.save')}
        </Button>
        {parcel.receipt && (
          <Button type="button" variant="outline" className="max-sm:w-full" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The station's parcels of a promotion, each with its receipt: the answer once given (it can be
 * changed), or the form to give it (decision 019).
 */
export function ParcelReceipts({ promotionId, parcels }: { promotionId: number; parcels: CompanyParcel[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const queued = useQueuedActions();
  if (!parcels.length) return null;
  const waitingFor = (p: CompanyParcel) => queued.findLast((a) => a.kind === 'receipt' && !a.failed && a.request.fields.parcel_id === String(p.id));
  return (
    <section className="grid gap-3" aria-labelledby="parcel-receipts-title" data-testid="parcel-receipts">
      <h3 id="parcel-receipts-title" className="font-semibold">
        {t('delivery.receipt.title')}
      </h3>
      {parcels.map((p) => {
        const waiting = editing === p.id ? undefined : waitingFor(p);
        const open = !waiting && (!p.receipt || editing === p.id);
        return (
          <article key={p.id} className={cn('grid gap-2 rounded-md border border-border p-3', p.receipt?.status === 'problem' && 'border-destructive/60')} data-testid={`parcel-${p.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-medium">
                {parcelName(p, t)}
              </span>
              <span className="text-sm text-muted-foreground">{t('delivery.receipt.sent_on', { date: formatDate(p.created_at) })}</span>
            </div>
            <ul className="list-disc ps-5 text-sm">
              {p.sent_surfaces.map((s) => (
                <li key={s.design_id}>
                  {s.name} × {s.amount}
                </li>
              ))}
            </ul>
            {waiting && (
              <div className="grid gap-1 text-sm" data-testid={`receipt-waiting-${p.id}`}>
                <ReceiptBadge status={waiting.request.fields.receipt_status as ReceiptStatus} />
                {waiting.request.fields.receipt_note && <p className="whitespace-pre-wrap">{waiting.request.fields.receipt_note}</p>}
                <span className="inline-flex items-center gap-1 text-amber-900 dark:text-amber-200">
                  <Clock className="size-4" aria-hidden /> {t('offline.pending')}
                </span>
              </div>
            )}
            {p.receipt && !open && !waiting && (
              <div className="grid gap-1 text-sm" data-testid={`receipt-${p.id}`}>
                <ReceiptBadge status={p.receipt.status} />
                {p.receipt.note && <p className="whitespace-pre-wrap">{p.receipt.note}</p>}
                <span className="text-muted-foreground">{t('delivery.receipt.received_on', { date: formatDate(p.receipt.received_at) })}</span>
                <Button variant="outline" size="sm" className="w-fit" onClick={() => setEditing(p.id)}>
                  {t('delivery.receipt.change')}
                </Button>
              </div>
            )}
            {open && <ReceiptForm parcel={p} promotionId={promotionId} onDone={() => setEditing(null)} />}
          </article>
        );
      })}
    </section>
  );
}
