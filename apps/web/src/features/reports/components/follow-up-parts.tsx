import { useTranslation } from 'react-i18next';
import type { DeliveryFollowUp } from '@promo/shared';
import { Thumbnail } from '@/components/ui/image-viewer';
import { formatDate } from '@/lib/format';
import { ReceiptBadge } from '@/features/company/components/parcel-receipts';

export type FollowUpStation = DeliveryFollowUp['stations'][number];
export type OpenPhoto = (photo: { src: string; title: string }) => void;

const SENT_LABELS = {
  not_sent: 'delivery.follow_up.sent_not_sent',
  partly_sent: 'delivery.follow_up.sent_partly_sent',
  sent: 'delivery.follow_up.sent_sent',
} as const;

/** A station's follow-up, step by step: the same pieces as table cells and on a phone's card. */
export function LateBadge() {
  const { t } = useTranslation();
  return (
    <span className="ms-2 rounded bg-destructive px-1.5 py-0.5 text-xs font-medium text-white" data-testid="late-badge">
      {t('delivery.follow_up.late')}
    </span>
  );
}

export function SentStep({ station }: { station: FollowUpStation }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="block">{t(SENT_LABELS[station.sent])}</span>
      {station.parcels.map((p) => (
        <span key={p.id} className="block text-xs break-all text-muted-foreground">
          {p.tracker_number || t('delivery.receipt.parcel_no_tracker')} · {formatDate(p.created_at)}
        </span>
      ))}
    </>
  );
}

export function ReceivedStep({ station }: { station: FollowUpStation }) {
  return (
    <>
      {!station.parcels.length && <span className="text-muted-foreground">–</span>}
      {station.parcels.map((p) => (
        <div key={p.id} className="grid gap-0.5 py-0.5 text-sm" data-testid={`follow-up-receipt-${p.id}`}>
          <ReceiptBadge status={p.receipt?.status ?? null} />
          {p.receipt && <span className="text-xs text-muted-foreground">{formatDate(p.receipt.received_at)}</span>}
          {p.receipt?.note && <span className="whitespace-pre-wrap">{p.receipt.note}</span>}
        </div>
      ))}
    </>
  );
}

export function PlacedStep({ station, onOpen }: { station: FollowUpStation; onOpen: OpenPhoto }) {
  const { t } = useTranslation();
  return (
    <>
      {station.surfaces_delivered > 0 ? (
        <span className="block text-sm">
          {t('delivery.follow_up.placed_count', { placed: station.surfaces_placed, delivered: station.surfaces_delivered, count: station.photos.length })}
        </span>
      ) : (
        <span className="text-muted-foreground">–</span>
      )}
      {station.photos.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-1">
          {station.photos.map((p) => (
            <Thumbnail
              key={p.id}
              urls={p.url_images}
              alt={t('delivery.placement.photo_at', { surface: p.surface_name, station: station.name })}
              onOpen={(src) => onOpen({ src, title: `${station.name} – ${p.surface_name}` })}
            />
          ))}
        </div>
      )}
    </>
  );
}
