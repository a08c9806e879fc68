import { useTranslation } from 'react-i18next';
import { SIGN_LIMITS, type SignLayout } from '@promo/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { BackgroundField, type BackgroundChoice, type BackgroundRefusal } from './background-field';
import { roundMm } from './layout-edit';

/**
 * The page's bleed, safe margin and background (its size is the surfaces' size, fixed when the
 * template was made). `backgroundName` names the layout's background file.
 */
export function PageSettings({
  layout,
  backgroundName,
  backgroundRefusal,
  onChange,
  onBackground,
}: {
  layout: SignLayout;
  backgroundName: string;
  backgroundRefusal: BackgroundRefusal | null;
  onChange: (next: SignLayout, mergeKey: string | null) => void;
  onBackground: (next: BackgroundChoice | null) => void;
}) {
  const { t } = useTranslation();
  const number = (id: string, label: string, value: number, max: number, apply: (v: number) => SignLayout) => (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={0.5}
        min={0}
        max={max}
        value={value}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) onChange(apply(roundMm(Math.min(Math.max(v, 0), max))), `page:${id}`);
        }}
      />
    </div>
  );
  return (
    <fieldset className="grid grid-cols-2 gap-2 border-t border-border pt-3">
      <legend className="pt-3 text-sm font-medium">{t('signs.page')}</legend>
      {number('sign-bleed', t('signs.bleed_mm'), layout.bleed_mm, SIGN_LIMITS.maxBleedMm, (bleed_mm) => ({ ...layout, bleed_mm }))}
      {number('sign-safe', t('signs.safe_mm'), layout.safe_mm, Math.min(layout.width_mm, layout.height_mm) / 2, (safe_mm) => ({ ...layout, safe_mm }))}
      <BackgroundField
        value={layout.background_file_id === null ? null : { file_id: layout.background_file_id, name: backgroundName }}
        refusal={backgroundRefusal}
        onChange={onBackground}
      />
    </fieldset>
  );
}
