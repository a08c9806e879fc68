import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { SignLayout } from '@promo/shared';
import { namedFields } from './field-names';
import { newField } from './editor/layout-edit';
import no from '@/locales/no.json';

const A4: SignLayout = { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: null, fields: [] };
const t = ((key: string) => no.signs.kinds[key.replace('signs.kinds.', '') as keyof typeof no.signs.kinds]) as unknown as TFunction;

describe('what a field is called where people see it', () => {
  it('its label, or its kind numbered from the second of a kind; never its id', () => {
    const text1 = newField(A4, 'text');
    const text2 = { ...newField({ ...A4, fields: [text1] }, 'text') };
    const price = { ...newField(A4, 'price'), label: 'Ukespris' };
    const text3 = { ...newField({ ...A4, fields: [text1, text2] }, 'text'), label: 'Slagord' };
    expect(text2.id).toBe('text-2');
    expect(namedFields([text1, price, text2, text3], t).map((f) => f.name)).toEqual(['Fritekst', 'Ukespris', 'Fritekst 2', 'Slagord']);
  });
});
