import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { UserPromotionRow } from '@promo/shared';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DesignStatus } from '@/features/promotions/components/design-status';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

/** Below 640 px each row is a card: its cells stack, each after its column name (data-label). */
const CARDS = cn(
  'max-sm:block max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-2 max-sm:[&_thead]:hidden max-sm:[&_tr]:block max-sm:[&_tr]:rounded-md max-sm:[&_tr]:border! max-sm:[&_tr]:py-2',
  'max-sm:[&_td]:flex max-sm:[&_td]:max-w-none max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1',
  'max-sm:[&_td[data-label]]:before:w-28 max-sm:[&_td[data-label]]:before:shrink-0 max-sm:[&_td[data-label]]:before:font-normal',
  'max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
);

const COLUMNS = ['surface', 'design', 'status', 'amount', 'tracker', 'comment'] as const;
type Column = (typeof COLUMNS)[number];

function SentCells({ row }: { row: UserPromotionRow }) {
  const { t } = useTranslation();
  const label = (c: Column) => t(`company.promotion.columns.${c}`);
  if (!row.sent) {
    return (
      <>
        <TableCell className="text-muted-foreground" title={t('company.promotion.planned')} data-label={label('amount')}>
          <span className="italic">{formatCount(row.planned_amount)}</span> <span className="text-xs">({t('company.promotion.planned')})</span>
        </TableCell>
        <TableCell colSpan={2} className="text-muted-foreground" data-label={label('tracker')}>
          {t('company.promotion.not_sent')}
        </TableCell>
      </>
    );
  }
  return (
    <>
      <TableCell className="font-medium" data-label={label('amount')}>
        {formatCount(row.sent.amount)}
      </TableCell>
      <TableCell data-label={label('tracker')}>
        {row.sent.tracker_url ? (
          <a href={row.sent.tracker_url} target="_blank" rel="noreferrer noopener" className="inline-flex min-h-6 items-center gap-1 break-all text-primary underline" data-testid="tracker-link">
            {row.sent.tracker_number}
            <ExternalLink className="size-3 shrink-0" aria-hidden />
          </a>
        ) : (
          <span className="text-muted-foreground">{t('company.promotion.no_tracker')}</span>
        )}
      </TableCell>
      <TableCell className="max-w-56 whitespace-pre-wrap" data-label={label('comment')}>
        {row.sent.description || '–'}
      </TableCell>
    </>
  );
}

/** The station's surface/design pairs of a promotion with their design status and delivery (spec 001 §2.11). */
export function PromotionPairs({ rows, loading }: { rows: UserPromotionRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const label = (c: Column) => t(`company.promotion.columns.${c}`);
  return (
    <Table className={CARDS} data-testid="promotion-pairs">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHead key={c}>{label(c)}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {!rows.length && <EmptyRow colSpan={6} loading={loading} emptyText={t('company.promotion.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`user-promotion-row-${row.id}`}>
            <TableCell className="font-medium" data-label={label('surface')}>
              {row.surface.name}
            </TableCell>
            <TableCell data-label={label('design')}>{row.design.name}</TableCell>
            <TableCell data-label={label('status')}>
              <DesignStatus status={row.design.data.status} />
            </TableCell>
            <SentCells row={row} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
