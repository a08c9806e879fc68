import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DesignRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { deleteDesign, designKeys } from '../api';

/** Asks before deleting a design. */
export function DeleteDesignDialog({ design, onClose }: { design: DesignRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const remove = useMutation({
    mutationFn: () => deleteDesign(design!.id),
    onSuccess: (res) => toast({ title: serverMessage(res) }),
    // A refused delete says why (issue 12), where spec 001 §8 had it silent; the list shows what is left.
    onError: (err) => feedback.failure(err),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: designKeys.all });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!design}
      onOpenChange={(open) => !open && onClose()}
      title={t('designs.delete_confirm')}
      description={design ? `${design.name} (${design.category?.name ?? ''})` : undefined}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
    />
  );
}
