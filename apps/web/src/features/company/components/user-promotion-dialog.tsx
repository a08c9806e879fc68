import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { UserPromotionRow } from '@promo/shared';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DesignStatus } from '@/features/promotions/components/design-status';
import { userPromotionQuery } from '../api';

function SentCells({ row }: { row: UserPromotionRow }) {
  const { t } = useTranslation();
  if (!row.sent) {
    return (
      <>
        <TableCell className="text-muted-foreground" title={t('company.promotion.planned')}>
          <span className="italic">{row.planned_amount}</span> <span className="text-xs">({t('company.promotion.planned')})</span>
        </TableCell>
        <TableCell colSpan={2} className="text-muted-foreground">
          {t('company.promotion.not_sent')}
        </TableCell>
      </>
    );
  }
  return (
    <>
      <TableCell className="font-medium">{row.sent.amount}</TableCell>
      <TableCell>
        {row.sent.tracker_url ? (
          <a href={row.sent.tracker_url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-primary underline" data-testid="tracker-link">
            {row.sent.tracker_number}
            <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : (
          <span className="text-muted-foreground">{t('company.promotion.no_tracker')}</span>
        )}
      </TableCell>
      <TableCell className="max-w-56 whitespace-pre-wrap">{row.sent.description || '–'}</TableCell>
    </>
  );
}

/** The eye modal of /user-promotions: the station's surfaces and designs with their status and delivery. */
export function UserPromotionDialog({ promotionId, onClose }: { promotionId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ ...userPromotionQuery(promotionId ?? 0), enabled: promotionId !== null });
  const data = query.data;
  return (
    <Dialog open={promotionId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="user-promotion-dialog">
        <DialogTitle>{data?.promotion.name ?? t('common.load_data')}</DialogTitle>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('company.promotion.columns.surface')}</TableHead>
              <TableHead>{t('company.promotion.columns.design')}</TableHead>
              <TableHead>{t('company.promotion.columns.status')}</TableHead>
              <TableHead>{t('company.promotion.columns.amount')}</TableHead>
              <TableHead>{t('company.promotion.columns.tracker')}</TableHead>
              <TableHead>{t('company.promotion.columns.comment')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!data?.surfaces.length && <EmptyRow colSpan={6} loading={query.isPending} emptyText={t('company.promotion.empty')} />}
            {data?.surfaces.map((row) => (
              <TableRow key={row.id} data-testid={`user-promotion-row-${row.id}`}>
                <TableCell className="font-medium">{row.surface.name}</TableCell>
                <TableCell>{row.design.name}</TableCell>
                <TableCell>
                  <DesignStatus status={row.design.data.status} />
                </TableCell>
                <SentCells row={row} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
