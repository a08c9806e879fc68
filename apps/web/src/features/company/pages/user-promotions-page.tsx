import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import { company } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PromotionListView } from '@/features/promotions/components/promotion-list-view';
import { UserPromotionDialog } from '../components/user-promotion-dialog';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';

/** The station's promotions (spec 001 §2.11): the shared list; the eye opens its surfaces and deliveries. */
export default function UserPromotionsPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  useNoSuchCompanyNotice();
  return (
    <>
      <PromotionListView
        imageFirst
        title={t('company.promotions.title')}
        endpoint={company.userPromotions}
        actions={(row) => (
          <Button variant="ghost" size="icon" title={t('company.promotions.open')} aria-label={t('company.promotions.open')} onClick={() => setOpen(row.id)}>
            <Eye />
          </Button>
        )}
      />
      <UserPromotionDialog promotionId={open} onClose={() => setOpen(null)} />
    </>
  );
}
