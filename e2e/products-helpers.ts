import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, LOCALES, login, useLanguage, type Lang } from './fixtures';

export const NO = LOCALES.no;

/** Columns of the products table, in their order on screen (1-based for nth-child). */
export const COL = { ean: 2, vendor_code: 3, name: 4, category: 5, sub_category: 6, price_per_item: 9 } as const;

export const rows = (page: Page) => page.getByTestId(/^product-row-/);
export const row = (page: Page, ean: string) => page.getByTestId(`product-row-${ean}`);
export const column = (page: Page, c: keyof typeof COL) => rows(page).locator(`td:nth-child(${COL[c]})`);
export const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
export const toast = (page: Page) => page.getByTestId('toast');

let counter = 0;
/** A 13-digit EAN no seeded product (704…) and no earlier test of this run has. */
export const uniqueEan = () => `709${String((Date.now() * 10 + ++counter) % 1e10).padStart(10, '0')}`;

/** A real 300 × 200 PNG, red. */
export const redPng = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).png().toBuffer();

/** Signs in with a language and opens the products page. */
export async function openProducts(page: Page, role: 'admin' | 'cm' | 'cm-admin' = 'admin', lang: Lang = 'no') {
  await useLanguage(page, lang);
  const session = await login(page, role);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: LOCALES[lang].products.title })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  return session as { bearerToken: string };
}

/** Narrows the list to one product through the EAN search, and waits for that single row. */
export async function findByEan(page: Page, ean: string, lang: Lang = 'no') {
  const L = LOCALES[lang];
  await page.getByLabel(L.common.search_field).selectOption({ label: L.products.fields.ean });
  await page.getByLabel(L.common.search, { exact: true }).fill(ean);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, ean)).toBeVisible();
}

export interface CreatedProduct {
  id: number;
  name: string;
  ean: number;
}

/** Creates a product through the API (faster than the modal), for the tests that start from one. */
export async function createProductViaApi(page: Page, token: string, name: string): Promise<CreatedProduct> {
  const form = {
    name,
    vendor_code: '910001',
    ean: uniqueEan(),
    category: 'Generic',
    sub_category: 'E2E',
    manufacturer: 'E2E Produsent',
    provider_name: 'E2E Leverandør AS',
    main_last_price: '19.90',
    price_per_item: '21.50',
    latest_price: '20',
    tax: '25',
    container_deposit: '0',
    item_plan_bu_grp: 'BU-1',
    locally_owned: 'Nei',
    selling_type: 'Standard',
    provider_item_ean: '7041000000001',
    provider_item_name: `${name} (E2E)`,
    provider_item_pack_qty: '6',
    provider_item_vendor_code: '810001',
    status: 'true',
  };
  const res = await page.request.post('/api/products', { form, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as CreatedProduct;
}

export async function deleteProductViaApi(page: Page, token: string, id: number) {
  await page.request.delete(`/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** The image has really been loaded by the browser (with the session cookie), at this width. */
export async function expectLoadedImage(img: Locator, naturalWidth?: number) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeTruthy();
  if (naturalWidth) expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(naturalWidth);
}
