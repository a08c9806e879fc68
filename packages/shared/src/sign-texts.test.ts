import { describe, expect, it } from 'vitest';
import { fillSignText, formatKroner, priceParts, unitPrice, unitPriceText, validityDate } from './sign-texts';

describe('sign texts', () => {
  it('writes prices in Norwegian form', () => {
    expect(formatKroner(2490)).toBe('24,90');
    expect(formatKroner(300)).toBe('3,00');
    expect(formatKroner(129900)).toBe('1\u00a0299,00');
    expect(priceParts(2490)).toEqual({ kroner: '24', ore: '90' });
    expect(priceParts(2500)).toEqual({ kroner: '25', ore: ',-' });
    expect(priceParts(5)).toEqual({ kroner: '0', ore: '05' });
  });

  it('gives the unit price per kg, per litre or per piece', () => {
    // 29,90 for 500 g: 59,80 per kg.
    expect(unitPriceText(2990, 500, 'g')).toBe('kr 59,80/kg');
    // 24,95 for 1 l.
    expect(unitPriceText(2495, 1, 'l')).toBe('kr 24,95/l');
    // 19,90 for 330 ml: 60,303… per litre, rounded to 60,30.
    expect(unitPriceText(1990, 330, 'ml')).toBe('kr 60,30/l');
    expect(unitPrice(4990, 2, 'kg')).toEqual({ ore: 2495, per: 'kg' });
    expect(unitPriceText(3000, 4, 'stk')).toBe('kr 7,50/stk');
    expect(unitPriceText(3000, null, 'g')).toBeNull();
    expect(unitPriceText(3000, 0, 'g')).toBeNull();
  });

  it('fills a field text and writes the validity date', () => {
    expect(validityDate('2026-06-14')).toBe('14.06.');
    expect(fillSignText('Gjelder t.o.m. {value}', '14.06.')).toBe('Gjelder t.o.m. 14.06.');
    expect(fillSignText('', 'Grandiosa')).toBe('Grandiosa');
    expect(fillSignText('Kun i dag', 'x')).toBe('Kun i dag');
  });
});
