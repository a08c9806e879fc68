import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { categoryKeys, deleteCategory } from '../api';

/**
 * Asks before deleting a category. The server refuses a category that products or designs use;
 * its reason is shown, since nothing else would tell why the category stays.
 */
export function DeleteCategoryDialog({ category, onClose }: { category: CategoryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const remove = useMutation({
    mutationFn: () => deleteCategory(category!.id),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      onClose();
    },
    onError: (err) => {
      feedback.failure(err);
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!category}
      onOpenChange={(open) => !open && onClose()}
      title={t('categories.delete_confirm')}
      description={category?.name}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
    />
  );
}
