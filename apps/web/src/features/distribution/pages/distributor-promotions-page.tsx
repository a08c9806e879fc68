import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Truck } from 'lucide-react';
import { distribution } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PromotionListView } from '@/features/promotions/components/promotion-list-view';
import { NotNamedDistributor } from '../components/not-named-distributor';

/** The distributor's promotions (spec 001 §2.10): those with at least one printed parcel. */
export default function DistributorPromotionsPage() {
  const { t } = useTranslation();
  return (
    <PromotionListView
      title={t('distribution.title')}
      endpoint={distribution.list}
      refused={<NotNamedDistributor />}
      actions={(row) => (
        <Button asChild variant="ghost" size="icon" title={t('distribution.open_report')} aria-label={t('distribution.open_report')}>
          <Link to={`/promotion-report-view?prom_id=${row.id}`}>
            <Truck />
          </Link>
        </Button>
      )}
    />
  );
}
