import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import type { DeliveryFollowUp as FollowUp } from '@promo/shared';
import { Checkbox } from '@/components/ui/checkbox';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Label } from '@/components/ui/label';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';
import { usePhone } from '@/lib/use-media-query';
import { FollowUpCards } from './follow-up-cards';
import { LateBadge, PlacedStep, ReceivedStep, SentStep } from './follow-up-parts';

/**
 * Sent → received → placed per station (decision 019), for staff and the distributor: the
 * parcels with the station's receipt and note, the placement photos opening in the big viewer,
 * and the stations that have not confirmed by the promotion's 'delivered' milestone highlighted
 * and filterable. A table, or on a phone a card per station.
 */
export function DeliveryFollowUp({ data }: { data: FollowUp }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [onlyLate, setOnlyLate] = useState(false);
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);
  const late = data.stations.filter((s) => s.late);
  const shown = onlyLate ? late : data.stations;
  const due = data.delivered_due_on ? formatDate(`${data.delivered_due_on}T12:00:00Z`) : '';
  return (
    <section className="grid grid-cols-1 gap-3" aria-labelledby="follow-up-title" data-testid="delivery-follow-up">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="follow-up-title" className="text-lg font-semibold">
            {t('delivery.follow_up.title')}
          </h2>
          {due && <p className="text-sm text-muted-foreground">{t('delivery.follow_up.due', { date: due })}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="follow-up-only-late" checked={onlyLate} onCheckedChange={(v) => setOnlyLate(v === true)} />
          <Label htmlFor="follow-up-only-late">{t('delivery.follow_up.only_late', { count: late.length })}</Label>
        </div>
      </div>
      {late.length > 0 && (
        <p className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm" role="status" data-testid="follow-up-late">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <span>
            {t('delivery.follow_up.late_summary', { count: late.length, date: due })}{' '}
            <span className="font-medium">{late.map((s) => s.name).join(', ')}</span>
          </span>
        </p>
      )}
      {phone ? (
        <FollowUpCards stations={shown} onOpen={setViewer} />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('delivery.follow_up.station')}</TableHead>
              <TableHead>{t('delivery.follow_up.sent')}</TableHead>
              <TableHead>{t('delivery.follow_up.received')}</TableHead>
              <TableHead>{t('delivery.follow_up.placed')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!shown.length && <EmptyRow colSpan={4} loading={false} emptyText={t('delivery.follow_up.empty')} />}
            {shown.map((s) => (
              <TableRow key={s.station_id} className={cn(s.late && 'bg-destructive/5')} data-testid={`follow-up-${s.station_id}`}>
                <TableCell className="font-medium">
                  {s.name}
                  {s.late && <LateBadge />}
                </TableCell>
                <TableCell>
                  <SentStep station={s} />
                </TableCell>
                <TableCell className="max-w-72">
                  <ReceivedStep station={s} />
                </TableCell>
                <TableCell>
                  <PlacedStep station={s} onOpen={setViewer} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
    </section>
  );
}
