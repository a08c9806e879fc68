import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link2, Unlink } from 'lucide-react';
import { can, type DesignPageData, type Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { bindDesigner, designPageKeys } from '../api';

/**
 * The designer of the design (spec 001 §4): unbound shows a bind button, bound shows the name and
 * a detach button. Buttons for admin and designer, and only while the design has a chat. The
 * server refuses a designer detaching someone else; its error shows as every save error does.
 */
export function DesignerBinding({ data, role }: { data: DesignPageData; role: Role }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const mayBind = can(role, 'designs.bind') && data.chat_id !== 0;
  const bind = useMutation({
    mutationFn: (on: boolean) => bindDesigner(data.id, on),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
    },
    onError: (err) => feedback.failure(err),
  });

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="designer-binding">
      {data.designer ? (
        <span>
          {t('design.designer')}: <strong data-testid="designer-name">{data.designer.name}</strong>
        </span>
      ) : (
        !mayBind && <span className="text-muted-foreground">{t('design.no_designer')}</span>
      )}
      {mayBind &&
        (data.designer ? (
          <Button variant="outline" size="sm" disabled={bind.isPending} onClick={() => bind.mutate(false)}>
            <Unlink /> {t('design.detach')}
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={bind.isPending} onClick={() => bind.mutate(true)}>
            <Link2 /> {t('design.bind')}
          </Button>
        ))}
    </div>
  );
}
