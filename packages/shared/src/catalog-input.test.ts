import { describe, expect, it } from 'vitest';
import { cleanTypeName, decimalInput, digitsOnly, isValidEan13, priceInput, priceTypedOver, sizeText, SIZE_PATTERN, zDigitCode, zPrice } from './catalog-input';

describe('surface type names', () => {
  it('strips quotes, semicolons, angle brackets and slashes and capitalises', () => {
    expect(cleanTypeName(`  "gulv"dekal; <b>/\\ `)).toBe('Gulvdekal b');
    expect(cleanTypeName("hylle'stripe")).toBe('Hyllestripe');
    expect(cleanTypeName('"; </>')).toBe('');
  });
});

describe('sizes', () => {
  it('keeps digits and one dot, and writes H x W with an optional depth', () => {
    expect(decimalInput('12.5.3cm')).toBe('12.53');
    expect(sizeText('50', '70')).toBe('H50 x W70');
    expect(sizeText('50', '70', '2.5')).toBe('H50 x W70 x D2.5');
    expect(SIZE_PATTERN.test('H50 x W70 x D2.5')).toBe(true);
    expect(SIZE_PATTERN.test('50 x 70')).toBe(false);
  });
});

describe('prices', () => {
  it('keeps digits and one dot, turns a comma into a dot and keeps 2 decimals', () => {
    expect(priceInput('12,345')).toBe('12.34');
    expect(priceInput('1a2.3.4')).toBe('12.34');
    expect(priceInput('99')).toBe('99');
    expect(priceInput('7.')).toBe('7.');
  });
  it('what is typed after the zero price replaces it; other prices keep their rules', () => {
    expect(priceTypedOver('0.00', '0.001')).toBe('1');
    expect(priceTypedOver('0.00', '0.0015')).toBe('15');
    expect(priceTypedOver('0', '015')).toBe('15');
    expect(priceTypedOver('0.00', '10.00')).toBe('10.00');
    expect(priceTypedOver('0.00', '0.0')).toBe('0.0');
    expect(priceTypedOver('12.34', '12.345')).toBe('12.34');
    expect(priceTypedOver('', '1,5')).toBe('1.5');
  });
  it('the server accepts up to 2 decimals only', () => {
    expect(zPrice.parse('12.5')).toBe('12.5');
    expect(zPrice.parse('')).toBe('0');
    expect(zPrice.safeParse('12.345').success).toBe(false);
    expect(zPrice.safeParse('12.345').error?.issues.map((i) => i.message)).toEqual(['price_format']);
    // A negative price is named for what it is (issue 22).
    expect(zPrice.safeParse('-1').error?.issues.map((i) => i.message)).toEqual(['price_min_0']);
    expect(zPrice.safeParse('-1.999').error?.issues.map((i) => i.message)).toEqual(['price_min_0']);
  });
});

describe('codes', () => {
  it('digits only', () => {
    expect(digitsOnly('70-40 12a')).toBe('704012');
    expect(zDigitCode.parse('0042')).toBe(42);
    expect(zDigitCode.safeParse('12a').error?.issues[0]?.message).toBe('digits_only');
    expect(zDigitCode.safeParse('1234567890123456').success).toBe(false);
  });
  it('checks the EAN-13 check digit', () => {
    expect(isValidEan13('7038010069307')).toBe(true);
    expect(isValidEan13('7038010069308')).toBe(false);
    expect(isValidEan13('703801006930')).toBe(false);
  });
});
