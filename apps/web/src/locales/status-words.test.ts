import { describe, expect, it, beforeAll } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import en from './en.json';
import no from './no.json';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

// Issue 12: Norwegian tooltips read "Brief, Approved eller Completed". A status named inside a
// sentence comes from the status's own key ($t(promotions.design_statuses.…)), so it is translated.

const flatten = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

/** English status names that are different words in Norwegian. */
const englishOnly = [
  ...Object.entries(en.promotions.design_statuses).filter(([k, v]) => v !== no.promotions.design_statuses[k as keyof typeof no.promotions.design_statuses]),
  ...Object.entries(en.promotions.statuses).filter(([k, v]) => v !== no.promotions.statuses[k as keyof typeof no.promotions.statuses]),
].map(([, v]) => v);

describe('status names in Norwegian texts', () => {
  it('no Norwegian text names a status in English', () => {
    expect(englishOnly).toEqual(expect.arrayContaining(['Approved', 'Completed', 'Created', 'Draft']));
    const no_ = i18n.getFixedT('no');
    const found = flatten(no).flatMap((key) => {
      const text = no_(key);
      return englishOnly.filter((word) => new RegExp(`\\b${word}\\b`).test(text)).map((word) => `${key}: ${word} in "${text}"`);
    });
    expect(found).toEqual([]);
  });

  it('the locked tooltips name the statuses as their own keys do, in both languages', () => {
    expect(i18n.getFixedT('no')('promotions.design_locked')).toBe('Designet er i Brief, Godkjent eller Ferdig');
    expect(i18n.getFixedT('no')('validation.print_file_not_allowed')).toBe('HQ og LQ kan ikke sendes mens designet er Opprettet eller Brief');
    expect(i18n.getFixedT('en')('promotions.surface_locked')).toBe('The surface has a design in Brief, Approved or Completed and cannot be removed');
  });
});
