import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, type Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { addDesign, addSurface, pickerDesignsQuery, pickerSurfacesQuery, removeDesign, removeSurface, surfacesWithDesignsQuery } from '../api';
import { SurfaceCard } from './surface-card';

type Pending =
  | { kind: 'add-surface'; surfaceId: number }
  | { kind: 'remove-surface'; surfaceId: number; name: string }
  | { kind: 'remove-design'; psdId: number; name: string }
  | null;

/**
 * The surfaces of a promotion, two cards to a row, with the pickers (spec 001 §2.3). Once sent to
 * printers (`sent`) its surfaces and designs are fixed: only viewing is offered.
 */
export function SurfacesEditor({ promotionId, status, role, sent }: { promotionId: number; status: number; role: Role; sent: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const staff = can(role, 'promotions.create') && !sent;
  const entries = useQuery(surfacesWithDesignsQuery(promotionId));
  const allSurfaces = useQuery({ ...pickerSurfacesQuery, enabled: staff });
  const allDesigns = useQuery({ ...pickerDesignsQuery, enabled: staff });
  const [choice, setChoice] = useState('');
  const [pending, setPending] = useState<Pending>(null);

  const change = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: (res) => {
      feedback.success(res as never);
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
    onError: (err) => feedback.failure(err),
    onSettled: () => setPending(null),
  });

  const added = new Set((entries.data ?? []).map((e) => e.surface.id));
  const available = (allSurfaces.data ?? []).filter((s) => !added.has(s.id));

  const onAdd = () => {
    const surfaceId = Number(choice);
    setChoice('');
    // Once designers work on the promotion, changing its surfaces asks first.
    if (status > 0) setPending({ kind: 'add-surface', surfaceId });
    else change.mutate(() => addSurface(promotionId, surfaceId));
  };

  return (
    <section className="grid gap-4" aria-label={t('promotions.surfaces')}>
      <h2 className="text-lg font-semibold">{t('promotions.surfaces')}</h2>
      {sent && can(role, 'promotions.create') && (
        <p role="note" className="text-sm text-muted-foreground">
          {t('promotions.sent_locked')}
        </p>
      )}
      {staff && (
        <div className="flex max-w-xl gap-2">
          <NativeSelect aria-label={t('promotions.choose_surface')} value={choice} onChange={(e) => setChoice(e.target.value)} className="w-0 flex-1">
            <option value="">{t('promotions.choose_surface')}</option>
            {available.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.vendor_code})
              </option>
            ))}
          </NativeSelect>
          <Button disabled={!choice} onClick={onAdd}>
            {t('promotions.add_surface')}
          </Button>
        </div>
      )}
      {entries.data?.length === 0 && <p className="text-muted-foreground">{t('promotions.no_surfaces')}</p>}
      <div className="grid gap-4 md:grid-cols-2" data-testid="surface-cards">
        {(entries.data ?? []).map((entry) => (
          <SurfaceCard
            key={entry.surface.id}
            entry={entry}
            role={role}
            fixed={sent}
            designs={allDesigns.data ?? []}
            onRemoveSurface={() => setPending({ kind: 'remove-surface', surfaceId: entry.surface.id, name: entry.surface.name })}
            onAddDesign={(designId) => change.mutate(() => addDesign(promotionId, entry.surface.id, designId))}
            onRemoveDesign={(psd) => setPending({ kind: 'remove-design', psdId: psd.id, name: psd.name })}
          />
        ))}
      </div>
      <ConfirmDialog
        open={pending?.kind === 'remove-surface'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('promotions.delete_surface_warning')}
        description={pending?.kind === 'remove-surface' ? pending.name : undefined}
        busy={change.isPending}
        onConfirm={() => pending?.kind === 'remove-surface' && change.mutate(() => removeSurface(promotionId, pending.surfaceId))}
      />
      <ConfirmDialog
        open={pending?.kind === 'remove-design'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('promotions.delete_design_confirm')}
        description={pending?.kind === 'remove-design' ? `${pending.name}. ${t('promotions.delete_design_warning')}` : undefined}
        busy={change.isPending}
        onConfirm={() => pending?.kind === 'remove-design' && change.mutate(() => removeDesign(pending.psdId))}
      />
      <ConfirmDialog
        open={pending?.kind === 'add-surface'}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('promotions.surfaces_change_warning')}
        confirmLabel={t('promotions.add_surface')}
        busy={change.isPending}
        onConfirm={() => pending?.kind === 'add-surface' && change.mutate(() => addSurface(promotionId, pending.surfaceId))}
      />
    </section>
  );
}
