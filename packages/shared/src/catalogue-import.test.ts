import { describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_FIELDS, importStartBody, normalHeader } from './contract/catalogue-import';
import { PRODUCT_REQUIRED_TEXT } from './contract/products';

describe('catalogue import fields and mapping', () => {
  it("requires the product form's required fields, EAN and vendor code, with EAN as the key", () => {
    const required = IMPORT_FIELDS.products.filter((f) => f.required).map((f) => f.field);
    expect(required.sort()).toEqual([...PRODUCT_REQUIRED_TEXT, 'ean', 'vendor_code'].sort());
    expect(IMPORT_FIELDS.products.filter((f) => f.key).map((f) => f.field)).toEqual(['ean']);
    expect(IMPORT_FIELDS.surfaces.filter((f) => f.required).map((f) => f.field)).toEqual(['vendor_code', 'name']);
    expect(IMPORT_FIELDS.surfaces.filter((f) => f.key).map((f) => f.field)).toEqual(['vendor_code']);
  });

  it('guesses columns from Norwegian and English headers, each column once, and leaves unknown ones out', () => {
    expect(normalHeader('  Planleggingsgruppe (BU) ')).toBe('planleggingsgruppe bu');
    expect(guessMapping('products', ['Navn', 'EAN-kode', 'Leverandør', 'Leverandørens EAN', 'Farge', 'MVA (%)'])).toMatchObject({
      name: 0,
      ean: 1,
      provider_name: 2,
      provider_item_ean: 3,
      tax: 5,
      category: null,
    });
    expect(guessMapping('products', ['provider_item_name', 'Vendor code', 'Price per item', 'sub_category'])).toMatchObject({
      provider_item_name: 0,
      vendor_code: 1,
      price_per_item: 2,
      sub_category: 3,
    });
    expect(guessMapping('surfaces', ['Leverandørnummer', 'Navn', 'Størrelse', 'Kategorier', 'Trykkeri'])).toMatchObject({
      vendor_code: 0,
      name: 1,
      size_surface: 2,
      categories: 3,
      printer_id: 4,
      type_surface: null,
    });
  });

  it("reads a mapping from the form body: '' leaves a field out, columns are 0–199", () => {
    const parsed = importStartBody.parse({ kind: 'products', mode: 'dry_run', file_id: '4', mapping: { ean: '0', tax: '' } });
    expect(parsed.mapping).toEqual({ ean: 0, tax: undefined });
    expect(importStartBody.safeParse({ kind: 'products', mode: 'apply', file_id: 4, mapping: { ean: 200 } }).success).toBe(false);
    expect(importStartBody.safeParse({ kind: 'designs', mode: 'apply', file_id: 4, mapping: {} }).success).toBe(false);
  });
});
