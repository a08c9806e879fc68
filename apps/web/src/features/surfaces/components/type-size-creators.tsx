import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { cleanTypeName, decimalInput, sizeText } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { createSize, createType } from '../api';

/** Adds a surface type: quotes, semicolons, angle brackets and slashes are dropped, the first letter capitalised. */
export function NewTypeInput({ onCreated }: { onCreated: (name: string) => void }) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    const name = cleanTypeName(value);
    if (!name) return setError(t('surfaces.type_empty'));
    try {
      const res = await createType(name);
      feedback.success(res);
      setValue('');
      setError(null);
      onCreated(res.data.name);
    } catch (err) {
      feedback.failure(err);
    }
  };
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        <Input aria-label={t('surfaces.new_type')} placeholder={t('surfaces.new_type')} value={value} onChange={(e) => setValue(e.target.value)} />
        <Button type="button" variant="outline" size="icon" aria-label={t('surfaces.add_type')} onClick={add}>
          <Plus />
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Adds a size 'H{h} x W{w}' with an optional ' x D{d}'; height and width are required. */
export function NewSizeInputs({ onCreated }: { onCreated: (name: string) => void }) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  const [h, setH] = useState('');
  const [w, setW] = useState('');
  const [d, setD] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (!h || !w) return setError(t('surfaces.size_required'));
    try {
      const res = await createSize(sizeText(h, w, d || undefined));
      feedback.success(res);
      setH('');
      setW('');
      setD('');
      setError(null);
      onCreated(res.data.name);
    } catch (err) {
      feedback.failure(err);
    }
  };
  const part = (label: string, value: string, set: (v: string) => void) => (
    <Input aria-label={label} placeholder={label} value={value} inputMode="decimal" onChange={(e) => set(decimalInput(e.target.value))} />
  );
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        {part(t('surfaces.height'), h, setH)}
        {part(t('surfaces.width'), w, setW)}
        {part(t('surfaces.depth'), d, setD)}
        <Button type="button" variant="outline" size="icon" aria-label={t('surfaces.add_size')} onClick={add}>
          <Plus />
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
