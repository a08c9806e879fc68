import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Plus, Trash2, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { can, designRemovalRefusal, LOCKING_PSD_STATUSES, surfaceRemovalRefusal, type PromotionSurfaceDesigns, type Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { OpenPinsBadge } from '@/features/promotion-design/proofing/open-pins-badge';
import { ReviewMark } from '@/features/reviews/review-mark';
import { templatesQuery } from '@/features/signs/api';
import { DesignStatus } from './design-status';

/** Why a surface stays, in the words the server would use. */
const SURFACE_REFUSAL_TEXT = {
  surface_locked: 'promotions.surface_locked',
  surface_has_other_designs: 'validation.surface_has_other_designs',
} as const;

/**
 * One surface of the promotion with its designs, the design picker and the remove buttons. Once the
 * promotion is sent to printers (`fixed`) nothing on it changes, so nothing is offered.
 */
export function SurfaceCard({
  entry,
  role,
  fixed,
  designs,
  onRemoveSurface,
  onAddDesign,
  onRemoveDesign,
}: {
  entry: PromotionSurfaceDesigns;
  role: Role;
  fixed: boolean;
  designs: { id: number; name: string }[];
  onRemoveSurface: () => void;
  onAddDesign: (designId: number) => void;
  onRemoveDesign: (psd: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [choice, setChoice] = useState('');
  const locked = entry.designs.some((d) => LOCKING_PSD_STATUSES.includes(d.data.status));
  const staff = can(role, 'promotions.create') && !fixed;
  const mayDelete = can(role, 'promotions.edit') && !fixed;
  const surfaceRefusal = surfaceRemovalRefusal({ hidden_designs: entry.hidden_designs, statuses: entry.designs.map((d) => d.data.status) });
  const attached = new Set(entry.designs.map((d) => d.design_id));
  const choices = designs.filter((d) => !attached.has(d.id));
  // Which designs are price sign templates: asked for when the picker opens.
  const templates = useQuery({ ...templatesQuery, enabled: picking && can(role, 'signs.view') });
  const templateIds = new Set((templates.data ?? []).map((tp) => tp.design_id));
  return (
    <article
      className={cn('grid gap-3 rounded-md border bg-background p-4', locked ? 'border-orange-300' : 'border-border')}
      data-testid={`surface-card-${entry.surface.id}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-medium">{entry.surface.name}</h3>
          <p className="text-xs text-muted-foreground">{entry.surface.vendor_code}</p>
        </div>
        {staff && (
          <span title={surfaceRefusal ? t(SURFACE_REFUSAL_TEXT[surfaceRefusal]) : undefined} data-testid="remove-surface-reason">
            <Button variant="ghost" size="icon" aria-label={t('promotions.remove_surface')} disabled={!!surfaceRefusal} onClick={onRemoveSurface}>
              <X />
            </Button>
          </span>
        )}
      </header>
      <ul className="grid gap-1">
        {entry.designs.length === 0 && <li className="text-sm text-muted-foreground">{t('promotions.no_designs')}</li>}
        {entry.designs.map((d) => {
          const designLocked = !!designRemovalRefusal(role, d.data.status);
          return (
            <li key={d.id} className="flex items-center justify-between gap-2 text-sm" data-testid={`psd-${d.id}`}>
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/promotion-design?prom_id=${entry.promotion_id}&sur_id=${entry.surface.id}&prom_sur_des_id=${d.id}`}
                  className="text-primary hover:underline"
                >
                  {d.name}
                </Link>{' '}
                <DesignStatus status={d.data.status} />
                <OpenPinsBadge count={d.open_pins} />
                <ReviewMark mark={d.review} />
              </span>
              {mayDelete && (
                <span title={designLocked ? t('promotions.design_locked') : undefined}>
                  <Button variant="ghost" size="icon" aria-label={t('promotions.remove_design')} disabled={designLocked} onClick={() => onRemoveDesign(d)}>
                    <Trash2 className="text-destructive" />
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {staff &&
        (picking ? (
          <div className="flex gap-2">
            <NativeSelect aria-label={t('promotions.choose_design')} value={choice} onChange={(e) => setChoice(e.target.value)} className="flex-1">
              <option value="">{t('promotions.choose_design')}</option>
              {choices.map((d) => (
                <option key={d.id} value={d.id}>
                  {templateIds.has(d.id) ? t('signs.template_option', { name: d.name }) : d.name}
                </option>
              ))}
            </NativeSelect>
            <Button
              disabled={!choice}
              onClick={() => {
                onAddDesign(Number(choice));
                setChoice('');
                setPicking(false);
              }}
            >
              {t('promotions.add')}
            </Button>
          </div>
        ) : (
          <Button variant="outline" size="sm" className="w-fit" onClick={() => setPicking(true)} aria-label={t('promotions.add_design')}>
            <Plus /> {t('promotions.add_design')}
          </Button>
        ))}
    </article>
  );
}
