import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { print } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PromotionListView } from '@/features/promotions/components/promotion-list-view';

/** The printer's promotions (spec 001 §2.8): those sent to printers with one of its surfaces. */
export default function PrintPromotionsPage() {
  const { t } = useTranslation();
  return (
    <PromotionListView
      title={t('print.title')}
      endpoint={print.list}
      actions={(row) => (
        <Button asChild variant="ghost" size="icon" title={t('print.open_report')} aria-label={t('print.open_report')}>
          <Link to={`/print-promotion-report?prom_id=${row.id}`}>
            <FileText />
          </Link>
        </Button>
      )}
    />
  );
}
