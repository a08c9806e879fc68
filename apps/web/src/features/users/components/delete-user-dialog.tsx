import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { deleteUser, managedCategories, userKeys } from '../api';

/** Asks before deleting; warns when the user is a cm whose category would lose its manager. */
export function DeleteUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const managed = useQuery({
    queryKey: ['users', 'manager-category', user?.id],
    queryFn: () => managedCategories(user!.id),
    enabled: !!user && user.role === 'cm',
  });
  const remove = useMutation({
    mutationFn: () => deleteUser(user!.id),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
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
      open={!!user}
      onOpenChange={(open) => !open && onClose()}
      title={t('users.delete_confirm')}
      description={user ? `${user.name} ${user.surname} (${user.email})` : undefined}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
    >
      {!!managed.data?.length && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-800">
          {t('users.delete_manager_warning', { category: managed.data.map((c) => c.name).join(', ') })}
        </p>
      )}
    </ConfirmDialog>
  );
}
