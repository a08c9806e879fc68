import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { can, type PromotionRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { deletePromotion, promotionKeys } from '../api';
import { PromotionListView } from '../components/promotion-list-view';

export const settingsUrl = (id: number, action: 'surfaces' | 'edit') => `/promotion-settings?prom_id=${id}&action=${action}`;

export default function PromotionsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [deleting, setDeleting] = useState<PromotionRow | null>(null);
  const mayEdit = can(me.role, 'promotions.edit');
  const mayAddDesign = can(me.role, 'promotions.create');

  const remove = useMutation({
    mutationFn: (row: PromotionRow) => deletePromotion(row.id),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    onError: (err) => feedback.failure(err),
    onSettled: () => setDeleting(null),
  });

  return (
    <>
      <PromotionListView
        title={t('promotions.title')}
        headerActions={
          can(me.role, 'promotions.create') && (
            <Button asChild>
              <Link to="/promotion-settings?action=create">
                <Plus /> {t('promotions.create')}
              </Link>
            </Button>
          )
        }
        actions={(row) => (
          <>
            {/* Adding a design is offered where it can happen; otherwise the same page is for viewing. */}
            {mayAddDesign && !row.sent_to_printers_at ? (
              <Button asChild variant="ghost" size="icon" title={t('promotions.add_design')} aria-label={t('promotions.add_design')}>
                <Link to={settingsUrl(row.id, 'surfaces')}>
                  <Plus />
                </Link>
              </Button>
            ) : (
              <Button asChild variant="ghost" size="icon" title={t('promotions.to_surfaces')} aria-label={t('promotions.to_surfaces')}>
                <Link to={settingsUrl(row.id, 'surfaces')}>
                  <Layers />
                </Link>
              </Button>
            )}
            {mayEdit && (
              <Button asChild variant="ghost" size="icon" title={t('common.edit')} aria-label={t('common.edit')}>
                <Link to={settingsUrl(row.id, 'edit')}>
                  <Pencil />
                </Link>
              </Button>
            )}
            {mayEdit && (
              <Button variant="ghost" size="icon" title={t('common.delete')} aria-label={t('common.delete')} onClick={() => setDeleting(row)}>
                <Trash2 className="text-destructive" />
              </Button>
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('promotions.delete_confirm')}
        description={deleting?.name}
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
      />
    </>
  );
}
