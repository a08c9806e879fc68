import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, ImageOff } from 'lucide-react';
import type { PromotionRow } from '@promo/shared';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { DeadlineBadge, type DeadlineAudience } from './deadline-badge';
import { PromotionStatus } from './promotion-status';

/**
 * A promotion list on a phone (issue 21): one card per promotion with its picture, name, period,
 * status and next deadline, read one at a time instead of a table scrolled sideways. With `rowLink`
 * the whole card opens the promotion; otherwise its actions sit at the card's foot.
 */
export function PromotionCards({
  rows,
  statusNames,
  loading,
  actions,
  rowLink,
  activeId,
  audience,
}: {
  rows: PromotionRow[];
  statusNames: string[] | undefined;
  loading: boolean;
  actions: (row: PromotionRow) => ReactNode;
  rowLink?: (row: PromotionRow) => string;
  activeId?: number | null;
  audience?: DeadlineAudience;
}) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="py-8 text-center text-muted-foreground">{loading ? t('common.load_data') : t('promotions.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="promotion-cards">
      {rows.map((row) => {
        const body = (
          <>
            {row.url_images ? (
              <img src={row.url_images.w_200} alt="" loading="lazy" className="size-16 shrink-0 rounded object-cover" />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground" title={t('common.no_image')}>
                <ImageOff className="size-5" aria-hidden />
              </span>
            )}
            <div className="grid min-w-0 flex-1 content-start gap-1">
              <h2 className="font-medium break-words">{row.name}</h2>
              <p className="text-sm text-muted-foreground tabular-nums">
                {formatDay(row.period.from)} – {formatDay(row.period.to)}
              </p>
              <div className="flex flex-wrap items-center gap-1.5">
                <PromotionStatus status={row.status} names={statusNames} sentToPrinters={row.sent_to_printers_at !== null} />
                <DeadlineBadge deadline={row.deadline} audience={audience} className="whitespace-normal rounded-lg" />
              </div>
            </div>
          </>
        );
        return (
          <li
            key={row.id}
            data-testid={`promotion-card-${row.id}`}
            data-state={row.id === activeId ? 'active' : undefined}
            className={cn('rounded-lg border border-border bg-background', row.id === activeId && 'border-primary bg-accent')}
          >
            {rowLink ? (
              <Link to={rowLink(row)} className="flex min-h-16 items-center gap-3 rounded-lg p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {body}
                <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            ) : (
              <div className="grid gap-2 p-3">
                <div className="flex gap-3">{body}</div>
                <div className="flex justify-end gap-1 border-t border-border pt-2">{actions(row)}</div>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
