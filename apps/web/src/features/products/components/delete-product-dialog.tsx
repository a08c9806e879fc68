import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { deleteProduct, productKeys } from '../api';

/** Asks before deleting, naming the product; the server's message is shown as a toast. */
export function DeleteProductDialog({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const remove = useMutation({
    mutationFn: (id: number) => deleteProduct(id),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      onClose();
    },
    // A refused delete says why (issue 12), where spec 000 §8 had it silent.
    onError: (err) => {
      feedback.failure(err);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!product}
      onOpenChange={(open) => !open && onClose()}
      title={t('products.delete_confirm', { name: product?.name ?? '' })}
      description={product ? `${t('products.fields.ean')}: ${product.ean} · ${product.category} / ${product.sub_category}` : undefined}
      onConfirm={() => product && remove.mutate(product.id)}
      busy={remove.isPending}
    />
  );
}
