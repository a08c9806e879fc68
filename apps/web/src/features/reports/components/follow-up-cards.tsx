import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { LateBadge, PlacedStep, ReceivedStep, SentStep, type FollowUpStation, type OpenPhoto } from './follow-up-parts';

/** The delivery follow-up on a phone (issue 21): a card per station, its three steps one under the other. */
export function FollowUpCards({ stations, onOpen }: { stations: FollowUpStation[]; onOpen: OpenPhoto }) {
  const { t } = useTranslation();
  if (!stations.length) return <p className="text-sm text-muted-foreground">{t('delivery.follow_up.empty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="follow-up-cards">
      {stations.map((s) => (
        <li key={s.station_id} className={cn('grid gap-2 rounded-lg border p-3 text-sm', s.late && 'border-destructive/50 bg-destructive/5')} data-testid={`follow-up-${s.station_id}`}>
          <h3 className="font-medium">
            {s.name}
            {s.late && <LateBadge />}
          </h3>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2">
            <dt className="text-muted-foreground">{t('delivery.follow_up.sent')}</dt>
            <dd>
              <SentStep station={s} />
            </dd>
            <dt className="text-muted-foreground">{t('delivery.follow_up.received')}</dt>
            <dd>
              <ReceivedStep station={s} />
            </dd>
            <dt className="text-muted-foreground">{t('delivery.follow_up.placed')}</dt>
            <dd>
              <PlacedStep station={s} onOpen={onOpen} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
