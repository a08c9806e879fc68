import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { signInAs } from '@/features/auth/api';

/** Asks before signing in as a station: the admin's own session ends until Back to admin. */
export function SignInAsDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = async (target: UserRow) => {
    // Closed first: the new session replaces this page, and the modal's history entry must be gone
    // before the move to the start page, or its cleanup would step back to the users list.
    onClose();
    try {
      const res = await signInAs(target.id);
      toast({ title: serverMessage(res) });
      void navigate('/');
    } catch {
      // The refusal is shown by the shared error toast.
    }
  };
  return (
    <ConfirmDialog
      open={!!user}
      onOpenChange={(open) => !open && onClose()}
      title={t('users.sign_in_as_confirm', { name: user ? `${user.name} ${user.surname}`.trim() : '' })}
      description={t('users.sign_in_as_explain')}
      confirmLabel={t('users.sign_in_as')}
      confirmVariant="default"
      onConfirm={() => user && void go(user)}
    />
  );
}
