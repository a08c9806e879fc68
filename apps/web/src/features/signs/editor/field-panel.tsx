import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { SIGN_ALIGNS, SIGN_FIELD_KINDS, SIGN_FONTS, SIGN_LIMITS, type SignField } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { roundMm } from './layout-edit';

const CMYK = ['c', 'm', 'y', 'k'] as const;

/** A number input that hands on only finite numbers (an emptied input keeps the old value until typed again). */
function NumberField({ id, label, value, step, min, max, onValue }: { id: string; label: string; value: number; step: number; min: number; max: number; onValue: (v: number) => void }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={value}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) onValue(Math.min(Math.max(v, min), max));
        }}
      />
    </div>
  );
}

/**
 * The selected field's properties. `onChange(change, mergeKey)`: typing in one input is one step
 * of undo (its merge key), a select or a switch a step each.
 */
export function FieldPanel({
  field,
  outsideSafeArea,
  name,
  page,
  onChange,
  onRemove,
}: {
  field: SignField;
  /** The field reaches past the safe area: the template is not saved so. */
  outsideSafeArea: boolean;
  /** What the field is called where people see it (field-names.ts). */
  name: string;
  page: { width_mm: number; height_mm: number };
  onChange: (change: Partial<SignField>, mergeKey: string | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `sign-field-${name}`;
  const key = (name: string) => `${field.id}:${name}`;

  return (
    <section className="grid gap-3" aria-label={t('signs.field_properties', { name })} data-testid="field-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold break-all">{name}</h2>
        <Button variant="outline" size="sm" onClick={onRemove}>
          <Trash2 /> {t('signs.remove_field')}
        </Button>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('label')}>{t('signs.field_name')}</Label>
        <Input id={id('label')} value={field.label} maxLength={SIGN_LIMITS.maxLabel} placeholder={t(`signs.kinds.${field.kind}`)} onChange={(e) => onChange({ label: e.target.value }, key('label'))} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id('kind')}>{t('signs.kind')}</Label>
        <NativeSelect id={id('kind')} value={field.kind} onChange={(e) => onChange({ kind: e.target.value as SignField['kind'] }, null)}>
          {SIGN_FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`signs.kinds.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {outsideSafeArea && (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400" data-testid="field-outside-safe">
          {t('signs.outside_safe_area')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <NumberField id={id('x')} label={t('signs.x_mm')} value={field.x} step={0.1} min={0} max={roundMm(page.width_mm - field.width)} onValue={(x) => onChange({ x: roundMm(x) }, key('x'))} />
        <NumberField id={id('y')} label={t('signs.y_mm')} value={field.y} step={0.1} min={0} max={roundMm(page.height_mm - field.height)} onValue={(y) => onChange({ y: roundMm(y) }, key('y'))} />
        <NumberField id={id('w')} label={t('signs.width_mm')} value={field.width} step={0.1} min={1} max={roundMm(page.width_mm - field.x)} onValue={(width) => onChange({ width: roundMm(width) }, key('w'))} />
        <NumberField id={id('h')} label={t('signs.height_mm')} value={field.height} step={0.1} min={1} max={roundMm(page.height_mm - field.y)} onValue={(height) => onChange({ height: roundMm(height) }, key('h'))} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={id('font')}>{t('signs.font')}</Label>
          <NativeSelect id={id('font')} value={field.font} onChange={(e) => onChange({ font: e.target.value as SignField['font'] }, null)}>
            {SIGN_FONTS.map((f) => (
              <option key={f} value={f}>
                {t(`signs.fonts.${f}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('align')}>{t('signs.align')}</Label>
          <NativeSelect id={id('align')} value={field.align} onChange={(e) => onChange({ align: e.target.value as SignField['align'] }, null)}>
            {SIGN_ALIGNS.map((a) => (
              <option key={a} value={a}>
                {t(`signs.aligns.${a}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <NumberField
          id={id('size')}
          label={t('signs.size_pt')}
          value={field.size}
          step={1}
          min={SIGN_LIMITS.minFontPt}
          max={SIGN_LIMITS.maxFontPt}
          onValue={(size) => onChange({ size, min_size: Math.min(field.min_size, size) }, key('size'))}
        />
        <NumberField
          id={id('min-size')}
          label={t('signs.min_size_pt')}
          value={field.min_size}
          step={1}
          min={SIGN_LIMITS.minFontPt}
          max={field.size}
          onValue={(min_size) => onChange({ min_size }, key('min'))}
        />
      </div>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t('signs.colour')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {CMYK.map((c, i) => (
            <NumberField
              key={c}
              id={id(`colour-${c}`)}
              label={t(`signs.cmyk.${c}`)}
              value={field.color[i]!}
              step={1}
              min={0}
              max={100}
              onValue={(v) => {
                const color = [...field.color] as SignField['color'];
                color[i] = v;
                onChange({ color }, key(`colour-${c}`));
              }}
            />
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={!field.locked} onChange={(e) => onChange({ locked: !e.target.checked }, null)} />
        {t('signs.editable')}
      </label>
      <div className="grid gap-1">
        <Label htmlFor={id('text')}>{t('signs.text')}</Label>
        <Input id={id('text')} value={field.text} maxLength={SIGN_LIMITS.maxText} onChange={(e) => onChange({ text: e.target.value }, key('text'))} aria-describedby={id('text-hint')} />
        <p id={id('text-hint')} className="text-xs text-muted-foreground">
          {t('signs.text_hint')}
        </p>
      </div>
    </section>
  );
}
