import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import { company } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PromotionListView } from '@/features/promotions/components/promotion-list-view';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';

const sheet = (id: number) => `/user-promotions/${id}`;

/**
 * The station's promotions (spec 001 §2.11): the shared list with the deadlines that concern a
 * station; the eye (on a phone, the whole card) opens the promotion's sheet at its own address.
 */
export default function UserPromotionsPage() {
  const { t } = useTranslation();
  useNoSuchCompanyNotice();
  return (
    <PromotionListView
      imageFirst
      title={t('company.promotions.title')}
      endpoint={company.userPromotions}
      audience="station"
      rowLink={(row) => sheet(row.id)}
      actions={(row) => (
        <Button asChild variant="ghost" size="icon" title={t('company.promotions.open')} aria-label={t('company.promotions.open')}>
          <Link to={sheet(row.id)}>
            <Eye />
          </Link>
        </Button>
      )}
    />
  );
}
