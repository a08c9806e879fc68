import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserListRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { unlockSignIn, userKeys } from '../api';

/** Asks before lifting an account's sign-in lock (decision 027). */
export function UnlockSignInDialog({ user, onClose }: { user: UserListRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const unlock = useMutation({
    mutationFn: () => unlockSignIn(user!.id),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      onClose();
    },
    onError: (err) => {
      feedback.failure(err);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!user}
      onOpenChange={(open) => !open && onClose()}
      title={t('users.unlock_sign_in_confirm', { name: user ? `${user.name} ${user.surname}`.trim() : '' })}
      description={t('users.unlock_sign_in_explain')}
      confirmLabel={t('users.unlock_sign_in')}
      confirmVariant="default"
      onConfirm={() => unlock.mutate()}
      busy={unlock.isPending}
    />
  );
}
