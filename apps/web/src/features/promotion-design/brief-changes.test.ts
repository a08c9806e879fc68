import { describe, expect, it } from 'vitest';
import type { BriefData } from '@promo/shared';
import { briefFormValues, changedBriefFields } from './brief-changes';

const brief: BriefData = {
  title: 'Påske',
  sub_title: '',
  text_italic: '',
  ean_more: '',
  promotional_offer: 0,
  color: 'Gull',
  supplier_discount: '',
  plu_scan: '',
  description: '<p>Tekst</p>',
  additional_description: '',
  need_for_price: { value: false },
  not_for_printing: { value: true },
  status: 'Brief',
  files: [],
  products: [],
};

describe('changedBriefFields', () => {
  const initial = briefFormValues(brief);

  it('sends nothing when nothing changed', () => {
    expect(changedBriefFields(initial, { ...initial })).toEqual({});
    // Spaces around a text and an empty offer (which means 0) are no change either.
    expect(changedBriefFields(initial, { ...initial, title: ' Påske ', promotional_offer: '' })).toEqual({});
  });

  it('sends only the fields the user changed', () => {
    expect(
      changedBriefFields(initial, { ...initial, title: 'Sommer', color: '', promotional_offer: '49', need_for_price: true, status: 'Completed' }),
    ).toEqual({ title: 'Sommer', color: '', promotional_offer: 49, need_for_price: true, status: 'Completed' });
  });

  it('sends 0 when the offer is emptied', () => {
    const withOffer = briefFormValues({ ...brief, promotional_offer: 25 });
    expect(withOffer.promotional_offer).toBe('25');
    expect(changedBriefFields(withOffer, { ...withOffer, promotional_offer: '' })).toEqual({ promotional_offer: 0 });
  });

  it('reads the switches from their { value } shape', () => {
    expect(initial.need_for_price).toBe(false);
    expect(initial.not_for_printing).toBe(true);
    expect(changedBriefFields(initial, { ...initial, not_for_printing: false })).toEqual({ not_for_printing: false });
  });
});
