import { describe, expect, it } from 'vitest';
import { errorsBySign, oreText, withProducts } from './sign-drafts';

describe("a promotion's signs as the cm fills them in", () => {
  it('writes øre as a Norwegian price', () => {
    expect(oreText(2490)).toBe('24,90');
    expect(oreText(100000)).toBe('1000,00');
    expect(oreText(null)).toBe('');
  });

  it("adds the brief's products once each, after the signs there are, with the last sign's validity", () => {
    const list = [{ product_id: 7, price: '24,90', previous_price: '', valid_to: '2026-06-14', texts: {} }];
    const next = withProducts(list, [7, 8, 9, 8]);
    expect(next.map((s) => s.product_id)).toEqual([7, 8, 9]);
    expect(next[2]).toEqual({ product_id: 9, price: '', previous_price: '', valid_to: '2026-06-14', texts: {} });
  });

  it("puts a save's refusals on the sign and field they name", () => {
    const byIndex = errorsBySign({ 'signs.3.price': ['price_format'], 'signs.3.texts.slogan': ['max_length'], 'signs.5.fields.name': ['does_not_fit'], signs: ['too_many_signs'] });
    expect(byIndex.get(3)).toEqual({ price: 'price_format', slogan: 'max_length' });
    expect(byIndex.get(5)).toEqual({ name: 'does_not_fit' });
    expect(byIndex.get(-1)).toEqual({ signs: 'too_many_signs' });
    expect(errorsBySign(['x']).size).toBe(0);
  });
});
