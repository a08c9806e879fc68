import { describe, expect, it } from 'vitest';
import { guessMapping, IMPORT_FIELDS, importStartBody, normalHeader, takesDefault } from './contract/catalogue-import';
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

  it('recognises the usual headers of Norwegian and English exports for every field, "Pris" as the price (issue 22)', () => {
    const norwegian = [
      'Varenr.', 'EAN-nr', 'Varenavn', 'Varegruppe', 'Undergruppe', 'Merke', 'Leverandørnavn', 'Pris (NOK)', 'Hovedpris', 'Siste pris', 'MVA-sats',
      'Pant', 'Planleggingsgruppe', 'Lokalt eid', 'Salgstype', 'Leverandørens EAN', 'Leverandørens varenavn', 'Antall i pakning', 'Lev. varenr', 'Aktiv',
      'Nettoinnhold', 'Enhet',
    ];
    const english = [
      'Item No.', 'Barcode', 'Product name', 'Product category', 'Subcategory', 'Brand', 'Supplier', 'Unit price', 'Regular price', 'Current price', 'VAT rate',
      'Deposit', 'Business unit', 'Local product', 'Sales type', 'Supplier EAN', 'Supplier item name', 'Pack size', 'Supplier item number', 'Active',
      'Net content', 'Unit of measure',
    ];
    for (const headers of [norwegian, english]) {
      const mapping = guessMapping('products', headers);
      expect(IMPORT_FIELDS.products.filter((f) => mapping[f.field] === null).map((f) => f.field), headers[0]).toEqual([]);
      expect(new Set(Object.values(mapping)).size).toBe(IMPORT_FIELDS.products.length);
    }
    expect(guessMapping('products', ['Pris'])).toMatchObject({ price_per_item: 0 });
    expect(guessMapping('products', ['Pris inkl. mva'])).toMatchObject({ price_per_item: 0 });
    expect(guessMapping('surfaces', ['Flatenummer', 'Flatenavn', 'Flatetype', 'Format', 'Pris', 'Beskrivelse', 'Delt', 'Flagg', 'Trykkeri', 'Kategorier'])).toEqual({
      vendor_code: 0, name: 1, type_surface: 2, size_surface: 3, price: 4, description: 5, divided_bool: 6, status: 7, printer_id: 8, categories: 9,
    });
  });

  it('of two columns that fit a field, takes the one with the more telling name, and no name fits two fields of a kind', () => {
    // An ERP's "Beskrivelse" is the item's name only when no column is called a name.
    expect(guessMapping('products', ['Beskrivelse', 'Varenavn'])).toMatchObject({ name: 1 });
    expect(guessMapping('products', ['Beskrivelse'])).toMatchObject({ name: 0 });
    for (const kind of ['products', 'surfaces'] as const) {
      const names = IMPORT_FIELDS[kind].flatMap((f) => [...new Set(f.headers.map(normalHeader))]);
      expect(names.filter((n, i) => names.indexOf(n) !== i), kind).toEqual([]);
    }
  });

  it('lets the mapping give a value to the required fields but the key (issue 22)', () => {
    expect(IMPORT_FIELDS.products.filter(takesDefault).map((f) => f.field).sort()).toEqual([...PRODUCT_REQUIRED_TEXT, 'vendor_code'].sort());
    expect(IMPORT_FIELDS.surfaces.filter(takesDefault).map((f) => f.field)).toEqual(['name']);
    const parsed = importStartBody.parse({ kind: 'products', mode: 'apply', file_id: 4, mapping: { ean: '0' }, defaults: { selling_type: ' Standard ', locally_owned: '' }, confirm: 'true' });
    expect(parsed).toMatchObject({ defaults: { selling_type: 'Standard' }, confirm: true });
    expect(importStartBody.parse({ kind: 'products', mode: 'apply', file_id: 4, mapping: {} })).toMatchObject({ defaults: {}, confirm: false });
  });

  it("reads a mapping from the form body: '' leaves a field out, columns are 0–199", () => {
    const parsed = importStartBody.parse({ kind: 'products', mode: 'dry_run', file_id: '4', mapping: { ean: '0', tax: '' } });
    expect(parsed.mapping).toEqual({ ean: 0, tax: undefined });
    expect(importStartBody.safeParse({ kind: 'products', mode: 'apply', file_id: 4, mapping: { ean: 200 } }).success).toBe(false);
    expect(importStartBody.safeParse({ kind: 'designs', mode: 'apply', file_id: 4, mapping: {} }).success).toBe(false);
  });
});
