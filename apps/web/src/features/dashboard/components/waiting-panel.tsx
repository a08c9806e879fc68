import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { WaitingForMeData, WaitingItem } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DeadlineBadge } from '@/features/promotions/components/deadline-badge';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import { useCurrentUser } from '@/lib/session';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { saveDigestOptOut, waitingKeys, waitingQuery } from '../api';

const COUNTED = new Set(['sketch_to_rate', 'pairs_to_print', 'parcels_to_send', 'amounts_to_enter', 'delivery_to_confirm']);

function ItemRow({ item }: { item: WaitingItem }) {
  const { t } = useTranslation();
  const station = useCurrentUser()?.role === 'user';
  const what = COUNTED.has(item.kind) ? t(`waiting.kinds.${item.kind}`, { count: item.count }) : t(`waiting.kinds.${item.kind}`);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="waiting-item" data-kind={item.kind}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium">{what}</span>
        <span className="text-sm text-muted-foreground">
          {item.promotion.name}
          {item.subject ? ` · ${item.subject}` : ''}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3 max-sm:w-full">
        {item.deadline ? <DeadlineBadge deadline={item.deadline} audience={station ? 'station' : undefined} /> : <span className="text-xs text-muted-foreground">{t('waiting.no_deadline')}</span>}
        <Button asChild variant="outline" size="sm" className="max-sm:ml-auto max-sm:h-11 max-sm:px-5">
          <Link to={item.link} aria-label={`${t('waiting.open')}: ${what} – ${item.promotion.name}`}>
            {t('waiting.open')} <ArrowRight />
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** The start page's "waiting for me" (issue 15): the caller's work with its deadlines, and the digest opt-out. */
export function WaitingPanel({ userId, footer }: { userId: number; footer?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const query = useQuery(waitingQuery);
  const optOutId = useId();
  const optOut = useMutation({
    mutationFn: (value: boolean) => saveDigestOptOut(userId, value),
    onSuccess: (res) => {
      feedback.success(res);
      queryClient.setQueryData<WaitingForMeData>(waitingKeys.all, (d) => (d ? { ...d, digest_opt_out: res.data.digest_opt_out } : d));
    },
    onError: (err) => feedback.failure(err),
  });
  const data = query.data;
  const nothingKept = useNothingKeptOffline(query);
  return (
    <section aria-labelledby="waiting-title" className="grid gap-2" data-testid="waiting-panel">
      <h2 id="waiting-title" className="text-lg font-semibold">
        {t('waiting.title')}
        {data && data.items.length > 0 && <span className="ml-2 text-sm font-normal text-muted-foreground">({data.items.length})</span>}
      </h2>
      {!data ? (
        nothingKept ? (
          <NothingKeptOffline className="justify-start py-2 text-left" />
        ) : (
          <p className="text-muted-foreground">{t('common.load_data')}</p>
        )
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground" data-testid="waiting-empty">
          {t('waiting.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {data.items.map((item) => (
            <ItemRow key={`${item.kind}-${item.link}-${item.promotion.id}`} item={item} />
          ))}
        </ul>
      )}
      {data && (
        <div className="mt-2 grid gap-1 border-t border-border pt-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id={optOutId}
              checked={data.digest_opt_out}
              disabled={optOut.isPending}
              onCheckedChange={(v) => optOut.mutate(v === true)}
              data-testid="digest-opt-out"
            />
            <label htmlFor={optOutId} className="text-sm">
              {t('waiting.digest_opt_out')}
            </label>
          </div>
          <p className="text-xs text-muted-foreground">{t('waiting.digest_hint')}</p>
        </div>
      )}
      {/* Below the list once it has loaded, so the list's arrival does not push it down the page. */}
      {data && footer}
    </section>
  );
}
