import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ProductPicker } from '@/features/promotion-design/components/product-picker';
import { signProductSearch, type SignDraft } from '../api';

export interface PreviewChoice {
  sign: SignDraft;
  /** The chosen product's name, when picked from the search. */
  name: string;
}

/**
 * The product and prices the editor's preview draws. The product is searched by name or EAN with
 * the sign templates' own search, which a designer may use without the catalogue.
 */
export function PreviewSignForm({ value, onChange }: { value: PreviewChoice; onChange: (v: PreviewChoice) => void }) {
  const { t } = useTranslation();
  const set = (change: Partial<SignDraft>) => onChange({ ...value, sign: { ...value.sign, ...change } });
  return (
    <section className="grid gap-3" aria-labelledby="preview-sign-title" data-testid="preview-sign-form">
      <h2 id="preview-sign-title" className="font-semibold">
        {t('signs.preview_with')}
      </h2>
      <p className="text-sm" data-testid="preview-product">
        {value.sign.product_id ? value.name : t('signs.pick_product')}
      </p>
      <ProductPicker
        source={signProductSearch}
        exclude={new Set([value.sign.product_id])}
        busy={false}
        onPick={(id, name) => onChange({ name, sign: { ...value.sign, product_id: id } })}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor="preview-price">{t('signs.price')}</Label>
          <Input id="preview-price" inputMode="decimal" value={value.sign.price} onChange={(e) => set({ price: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="preview-previous">{t('signs.previous_price')}</Label>
          <Input id="preview-previous" inputMode="decimal" value={value.sign.previous_price} onChange={(e) => set({ previous_price: e.target.value })} />
        </div>
        <div className="col-span-2 grid gap-1">
          <Label htmlFor="preview-valid-to">{t('signs.valid_to')}</Label>
          <DatePicker id="preview-valid-to" label={t('signs.valid_to')} value={value.sign.valid_to} onChange={(valid_to) => set({ valid_to })} />
        </div>
      </div>
    </section>
  );
}
