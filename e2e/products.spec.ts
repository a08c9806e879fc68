import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const NO = LOCALES.no;

/** Columns of the products table, in their order on screen (1-based for nth-child). */
const COL = { ean: 2, vendor_code: 3, name: 4, category: 5, sub_category: 6, price_per_item: 9 } as const;

const rows = (page: Page) => page.getByTestId(/^product-row-/);
const row = (page: Page, ean: string) => page.getByTestId(`product-row-${ean}`);
const column = (page: Page, c: keyof typeof COL) => rows(page).locator(`td:nth-child(${COL[c]})`);
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const toast = (page: Page) => page.getByTestId('toast');

let counter = 0;
/** A 13-digit EAN no seeded product (704…) and no earlier test of this run has. */
const uniqueEan = () => `709${String((Date.now() * 10 + ++counter) % 1e10).padStart(10, '0')}`;

/** A real 300 × 200 PNG, red. */
const redPng = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).png().toBuffer();

/** Signs in with a language and opens the products page. */
async function openProducts(page: Page, role: 'admin' | 'cm' | 'cm-admin' = 'admin', lang: Lang = 'no') {
  await useLanguage(page, lang);
  const session = await login(page, role);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: LOCALES[lang].products.title })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  return session as { bearerToken: string };
}

/** Narrows the list to one product through the EAN search, and waits for that single row. */
async function findByEan(page: Page, ean: string, lang: Lang = 'no') {
  const L = LOCALES[lang];
  await page.getByLabel(L.common.search_field).selectOption({ label: L.products.fields.ean });
  await page.getByLabel(L.common.search, { exact: true }).fill(ean);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, ean)).toBeVisible();
}

interface CreatedProduct {
  id: number;
  name: string;
  ean: number;
}

/** Creates a product through the API (faster than the modal), for the tests that start from one. */
async function createProductViaApi(page: Page, token: string, name: string): Promise<CreatedProduct> {
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

async function deleteProductViaApi(page: Page, token: string, id: number) {
  await page.request.delete(`/api/products/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** The image has really been loaded by the browser (with the session cookie), at this width. */
async function expectLoadedImage(img: Locator, naturalWidth?: number) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeTruthy();
  if (naturalWidth) expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(naturalWidth);
}

const isSorted = (values: number[], dir: 'desc' | 'asc') =>
  values.every((v, i) => i === 0 || (dir === 'desc' ? values[i - 1]! >= v : values[i - 1]! <= v));

test.describe('products list', () => {
  test('lists products by EAN descending, 10 to a page, with page size and category / sub-category filters', async ({ page }) => {
    await openProducts(page);
    const table = page.getByTestId('products-table');
    await expect(header(page, NO.products.fields.ean)).toHaveAttribute('aria-sort', 'descending');
    for (const c of ['vendor_code', 'name', 'category', 'sub_category', 'provider_name', 'manufacturer', 'price_per_item', 'status'] as const) {
      await expect(header(page, NO.products.fields[c])).toHaveAttribute('aria-sort', 'none');
    }
    await expect(header(page, NO.common.image)).toBeVisible();
    await expect(header(page, NO.common.actions)).toBeVisible();
    // Seeded products have no image yet; every 23rd one is inactive.
    await expect(table.getByRole('img', { name: NO.common.no_image })).toHaveCount(10);
    const eans = (await column(page, 'ean').allTextContents()).map(Number);
    expect(isSorted(eans, 'desc')).toBe(true);

    const size = page.getByLabel(NO.pagination.page_size);
    const category = page.getByLabel(NO.products.category_filter);
    const subCategory = page.getByLabel(NO.products.sub_category_filter);
    expect((await size.boundingBox())!.width).toBe(70);
    expect((await category.boundingBox())!.width).toBe(180);
    await expect(category).toHaveValue('');
    // Every category is offered, in name order (other tests may have added more).
    await expect(category.locator('option').first()).toHaveText(NO.products.all_categories);
    const offered = await category.locator('option').allInnerTexts();
    expect(offered.filter((o) => !o.startsWith('E2E'))).toEqual([
      NO.products.all_categories,
      'Food',
      'Food Outside',
      'Fuel',
      'Generic',
      'Loality / Trumf',
      'Store',
    ]);
    const pages = page.getByRole('navigation', { name: NO.pagination.label });
    await expect(pages).toBeVisible();
    await snap(page, 'products-list-no');

    // Page 2 goes on below the last EAN of page 1.
    await pages.getByRole('button', { name: '2', exact: true }).click();
    await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(column(page, 'ean').first()).not.toHaveText(String(eans[0]));
    const second = (await column(page, 'ean').allTextContents()).map(Number);
    expect(second[0]!).toBeLessThan(eans.at(-1)!);

    // 25 rows, back on page 1.
    await size.selectOption('25');
    await expect(rows(page)).toHaveCount(25);
    await expect(column(page, 'ean').first()).toHaveText(String(eans[0]));
    await expect(pages.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');

    // A category: only its rows, and the sub-category select offers its sub-categories.
    await category.selectOption('Food');
    await expect(column(page, 'category')).toHaveText(Array(25).fill('Food'));
    await expect(subCategory.locator('option')).toHaveText([NO.products.all_sub_categories, 'Brød', 'Frukt', 'Meieri', 'Pålegg']);
    await subCategory.selectOption('Meieri');
    await expect(column(page, 'sub_category')).toHaveText(Array(25).fill('Meieri'));
    await expect(column(page, 'category')).toHaveText(Array(25).fill('Food'));

    // Another category starts the sub-category choice again.
    await category.selectOption('Fuel');
    await expect(subCategory).toHaveValue('');
    await expect(column(page, 'category')).toHaveText(Array(25).fill('Fuel'));
    await expect(subCategory.locator('option')).toHaveText([NO.products.all_sub_categories, 'Bilpleie', 'Olje', 'Spylevæske']);

    const clear = page.getByRole('button', { name: NO.common.clear_filters });
    await clear.click();
    await expect(category).toHaveValue('');
    await expect(subCategory).toHaveValue('');
    await expect(clear).toBeHidden();
    await expect(column(page, 'ean').first()).toHaveText(String(eans[0]));
    expect(new Set(await column(page, 'category').allTextContents()).size).toBeGreaterThan(1);
  });

  test('a column header cycles descending, ascending and no sort', async ({ page }) => {
    await openProducts(page);
    const price = header(page, NO.products.fields.price_per_item);
    const ean = header(page, NO.products.fields.ean);
    const prices = async () => (await column(page, 'price_per_item').allTextContents()).map(Number);

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(ean).toHaveAttribute('aria-sort', 'none');
    // The dearest seeded product costs 209.80, the cheapest 9.90.
    await expect(column(page, 'price_per_item').first()).toHaveText('209.80');
    expect(isSorted(await prices(), 'desc')).toBe(true);

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(page, 'price_per_item').first()).toHaveText('9.90');
    expect(isSorted(await prices(), 'asc')).toBe(true);

    // No sort: the order of creation, the first seeded product (vendor code 500000) first.
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'none');
    await expect(column(page, 'vendor_code').first()).toHaveText('500000');
    await expect(column(page, 'vendor_code')).toHaveText(Array.from({ length: 10 }, (_, i) => String(500_000 + i)));

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(column(page, 'price_per_item').first()).toHaveText('209.80');

    // A text column sorts by its text.
    const name = header(page, NO.products.fields.name);
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(price).toHaveAttribute('aria-sort', 'none');
    await expect(column(page, 'name').first()).toHaveText(/^Yoghurt /);
  });

  test('searches in the chosen field; no match shows the empty text', async ({ page }) => {
    await openProducts(page);
    const field = page.getByLabel(NO.common.search_field);
    const input = page.getByLabel(NO.common.search, { exact: true });
    await expect(field).toHaveValue('name');
    await expect(field.locator('option')).toHaveText(
      (['ean', 'vendor_code', 'name', 'provider_name', 'manufacturer', 'price_per_item'] as const).map((f) => NO.products.fields[f]),
    );

    await input.fill('brunost');
    await expect(column(page, 'name')).toHaveText(Array(10).fill(/^Brunost \d+$/));

    // The EAN of a seeded product finds that product only.
    await page.getByRole('button', { name: NO.common.clear_filters }).click();
    await expect(input).toHaveValue('');
    const lastRowEan = (await column(page, 'ean').last().textContent())!;
    await findByEan(page, lastRowEan);

    await field.selectOption({ label: NO.products.fields.manufacturer });
    await input.fill('Swedish Match');
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).locator('td:nth-child(8)')).toHaveText(Array(10).fill('Swedish Match'));

    await input.fill('ingen-slik-produsent-xyz');
    await expect(page.getByTestId('products-table').getByRole('cell', { name: NO.products.empty })).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: NO.pagination.label })).toBeHidden();
  });
});

test('creates, finds, edits with an image, views and deletes a product', async ({ page }) => {
  test.setTimeout(90_000);
  await openProducts(page);
  const ean = uniqueEan();
  const name = `E2E Testprodukt ${ean.slice(-6)}`;
  const dialog = page.getByRole('dialog', { name: NO.products.create_title });
  const input = (label: string) => dialog.getByLabel(label, { exact: true });
  const error = (f: string) => dialog.locator(`#product-${f}-error`);

  await test.step('the empty form shows the required fields, typing is filtered', async () => {
    await page.getByRole('button', { name: NO.products.create }).click();
    await expect(dialog).toBeVisible();
    // The image comes once the product exists.
    await expect(dialog.getByText(NO.products.image_after_save)).toBeVisible();
    await expect(dialog.getByLabel(NO.common.upload_image)).toHaveCount(0);
    await expect(dialog.getByRole('switch', { name: NO.products.fields.status })).toBeChecked();

    const save = dialog.getByRole('button', { name: NO.common.save });
    await save.click();
    for (const f of ['name', 'category', 'sub_category', 'provider_name', 'manufacturer', 'item_plan_bu_grp', 'locally_owned', 'selling_type', 'provider_item_ean', 'provider_item_name', 'provider_item_vendor_code', 'ean', 'vendor_code']) {
      await expect(error(f), f).toHaveText(NO.validation.required_field);
    }
    // Prices may be empty (0) and the counts start at 0.
    await expect(dialog.getByRole('alert')).toHaveCount(13);
    await expect(input(NO.products.fields.tax)).toHaveValue('0');
    await snap(page, 'products-form-errors-no');

    // Editing a field takes its error away; the next blur checks it again.
    const nameInput = input(NO.products.fields.name);
    await nameInput.fill('E');
    await expect(error('name')).toHaveCount(0);
    await nameInput.blur();
    await expect(error('name')).toHaveText(NO.validation.name_min_2_chars);
    await nameInput.fill(name);
    await nameInput.blur();
    await expect(error('name')).toHaveCount(0);

    // Letters never reach the digit fields, nor a minus sign.
    const eanInput = input(NO.products.fields.ean);
    await eanInput.pressSequentially(`${ean.slice(0, 4)}abc${ean.slice(4, 8)}-E${ean.slice(8)}`);
    await expect(eanInput).toHaveValue(ean);
    await input(NO.products.fields.tax).fill('');
    await input(NO.products.fields.tax).pressSequentially('-2x5');
    await expect(input(NO.products.fields.tax)).toHaveValue('25');

    // Prices: a comma becomes a dot, one dot, at most 2 decimals.
    const price = input(NO.products.fields.price_per_item);
    await price.pressSequentially('12,345');
    await expect(price).toHaveValue('12.34');
    await input(NO.products.fields.main_last_price).fill('kr 9,9.95');
    await expect(input(NO.products.fields.main_last_price)).toHaveValue('9.99');

    // Saving is blocked while errors remain: the modal stays and nothing is created.
    await save.click();
    await expect(error('category')).toHaveText(NO.validation.required_field);
    await expect(dialog).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
  });

  await test.step('a complete form saves and the list shows the product', async () => {
    await input(NO.products.fields.vendor_code).fill('920001');
    await input(NO.products.fields.category).selectOption('Food');
    await input(NO.products.fields.sub_category).fill('E2E-sjekk');
    await input(NO.products.fields.manufacturer).fill('Tine');
    await input(NO.products.fields.provider_name).fill('Tine Norge AS');
    await input(NO.products.fields.latest_price).fill('13');
    await input(NO.products.fields.item_plan_bu_grp).fill('BU-7');
    await input(NO.products.fields.locally_owned).fill('Nei');
    await input(NO.products.fields.selling_type).fill('Standard');
    await input(NO.products.fields.provider_item_name).fill(`${name} (Tine)`);
    await input(NO.products.fields.provider_item_ean).fill('7041000000017');
    await input(NO.products.fields.provider_item_vendor_code).fill('810017');
    await input(NO.products.fields.provider_item_pack_qty).fill('12');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText(NO.server.product_created);
  });

  await test.step('the category and sub-category filters find it', async () => {
    await page.getByLabel(NO.products.category_filter).selectOption('Food');
    const subCategory = page.getByLabel(NO.products.sub_category_filter);
    await expect(subCategory.locator('option', { hasText: 'E2E-sjekk' })).toHaveCount(1);
    await subCategory.selectOption('E2E-sjekk');
    await expect(rows(page)).toHaveCount(1);
    const created = row(page, ean);
    await expect(created.locator('td')).toHaveText([
      '',
      ean,
      '920001',
      name,
      'Food',
      'E2E-sjekk',
      'Tine Norge AS',
      'Tine',
      '12.34',
      '',
      '',
    ]);
    await expect(created.getByRole('img', { name: NO.products.active })).toBeVisible();
    await expect(created.getByRole('img', { name: NO.common.no_image })).toBeVisible();
    await page.getByRole('button', { name: NO.common.clear_filters }).click();
    await expect(rows(page)).toHaveCount(10);
    // The name search finds it too.
    await page.getByLabel(NO.common.search, { exact: true }).fill(name);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, ean)).toBeVisible();
  });

  const edit = page.getByRole('dialog', { name: NO.products.edit_title });
  await test.step('edit mode uploads an image and shows its thumbnail', async () => {
    await row(page, ean).getByRole('button', { name: NO.common.edit }).click();
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel(NO.products.fields.name, { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel(NO.products.fields.ean, { exact: true })).toHaveValue(ean);
    await expect(edit.getByLabel(NO.products.fields.price_per_item, { exact: true })).toHaveValue('12.34');
    await expect(edit.getByLabel(NO.products.fields.main_last_price, { exact: true })).toHaveValue('9.99');
    await expect(edit.getByLabel(NO.products.fields.tax, { exact: true })).toHaveValue('25');
    await expect(edit.getByLabel(NO.products.fields.category, { exact: true })).toHaveValue('Food');
    await expect(edit.getByTestId('product-image')).toContainText(NO.common.no_image);

    await edit.getByLabel(NO.common.upload_image).setInputFiles({ name: 'rod-plakat.png', mimeType: 'image/png', buffer: await redPng() });
    await expect(toast(page)).toContainText(NO.server.image_saved);
    // The thumbnail is the 200 px rendition of the new image.
    await expectLoadedImage(edit.getByTestId('product-image').getByRole('img', { name }), 200);
    await expect(edit.getByTestId('product-image')).not.toContainText(NO.common.no_image);
    await snap(page, 'products-edit-image-no');

    await edit.getByLabel(NO.products.fields.name, { exact: true }).fill(`${name} endret`);
    const status = edit.getByRole('switch', { name: NO.products.fields.status });
    await status.click();
    await expect(status).not.toBeChecked();
    await edit.getByRole('button', { name: NO.common.save }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page)).toContainText(NO.server.product_updated);
  });

  const renamed = `${name} endret`;
  await test.step('the list shows the new name, the status and the thumbnail, which opens the big viewer', async () => {
    await page.getByLabel(NO.common.search, { exact: true }).fill(renamed);
    const updated = row(page, ean);
    await expect(updated.locator(`td:nth-child(${COL.name})`)).toHaveText(renamed);
    await expect(updated.getByRole('img', { name: NO.products.inactive })).toBeVisible();
    await expectLoadedImage(updated.getByRole('img', { name: renamed }));
    await updated.getByRole('button', { name: NO.common.enlarge_image }).click();
    const viewer = page.getByRole('dialog', { name: renamed });
    await expect(viewer).toHaveAttribute('data-testid', 'image-viewer');
    // The viewer shows the original, 300 px wide.
    await expectLoadedImage(viewer.getByRole('img', { name: renamed }), 300);
    await snap(page, 'products-image-viewer-no');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(updated).toBeVisible();
  });

  await test.step('delete asks with the product name; cancel keeps it, delete removes it', async () => {
    const confirm = page.getByRole('alertdialog', { name: fill(NO.products.delete_confirm, { name: renamed }) });
    await row(page, ean).getByRole('button', { name: NO.common.delete }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(ean);
    await snap(page, 'products-delete-no');
    await confirm.getByRole('button', { name: NO.common.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, ean)).toBeVisible();

    await row(page, ean).getByRole('button', { name: NO.common.delete }).click();
    await confirm.getByRole('button', { name: NO.common.delete }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText(NO.server.product_deleted);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('cell', { name: NO.products.empty })).toBeVisible();
  });
});

test.describe('failures', () => {
  test("a file that is not an image fails with 'File failed' and the server's reason; the image stays", async ({ page }) => {
    const { bearerToken } = await openProducts(page);
    const product = await createProductViaApi(page, bearerToken, `E2E Feil ${Date.now() % 1e6}`);
    try {
      await findByEan(page, String(product.ean));
      await row(page, String(product.ean)).getByRole('button', { name: NO.common.edit }).click();
      const edit = page.getByRole('dialog', { name: NO.products.edit_title });
      await edit.getByLabel(NO.common.upload_image).setInputFiles({ name: 'notat.txt', mimeType: 'text/plain', buffer: Buffer.from('ikke et bilde') });
      await expect(toast(page)).toContainText(NO.errors.file_failed);
      await expect(toast(page)).toContainText(NO.validation.unsupported_file_type);
      // A PNG name on bytes that are not a PNG is refused as well.
      await edit.getByLabel(NO.common.upload_image).setInputFiles({ name: 'falsk.png', mimeType: 'image/png', buffer: Buffer.from('ikke et bilde') });
      await expect(toast(page)).toContainText(NO.errors.file_failed);
      await expect(edit.getByTestId('product-image')).toContainText(NO.common.no_image);
      await expect(edit).toBeVisible();
    } finally {
      await deleteProductViaApi(page, bearerToken, product.id);
    }
  });

  test("a taken EAN comes back from the server onto its field with 'Error action'", async ({ page }) => {
    await openProducts(page);
    const taken = (await column(page, 'ean').first().textContent())!;
    await page.getByRole('button', { name: NO.products.create }).click();
    const dialog = page.getByRole('dialog', { name: NO.products.create_title });
    const input = (label: string) => dialog.getByLabel(label, { exact: true });
    for (const f of ['name', 'sub_category', 'provider_name', 'manufacturer', 'item_plan_bu_grp', 'locally_owned', 'selling_type', 'provider_item_ean', 'provider_item_name', 'provider_item_vendor_code'] as const) {
      await input(NO.products.fields[f]).fill(`E2E ${f}`);
    }
    await input(NO.products.fields.category).selectOption('Generic');
    await input(NO.products.fields.vendor_code).fill('930001');
    await input(NO.products.fields.ean).fill(taken);
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog.locator('#product-ean-error')).toHaveText(NO.validation.ean_taken);
    await expect(toast(page)).toContainText(NO.errors.error_action);
    await expect(dialog).toBeVisible();
    // Changing the EAN takes the error away and lets the form save again.
    await input(NO.products.fields.ean).fill(uniqueEan());
    await expect(dialog.locator('#product-ean-error')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: NO.common.save })).toBeEnabled();
    await dialog.getByRole('button', { name: NO.common.cancel }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('list loads', () => {
  test('a list of the wrong shape or a failed load leaves the last list on screen, without a message', async ({ page }) => {
    await openProducts(page);
    const first = await column(page, 'ean').allTextContents();
    const answers: string[] = [];
    await page.route(/\/api\/products\?.*input_value%5D=(broken|failing)/, async (route) => {
      const failing = route.request().url().includes('failing');
      answers.push(failing ? 'failing' : 'broken');
      if (failing) await route.fulfill({ status: 500, json: { status: 'error', message: 'Server Error' } });
      else await route.fulfill({ json: { status: 'success', message: 'Products', data: { products: 'none', total: '0' } } });
    });
    const input = page.getByLabel(NO.common.search, { exact: true });
    for (const text of ['broken', 'failing']) {
      await input.fill(text);
      // The first answer and the two retries of the query client, then the list gives up.
      await expect.poll(() => answers.filter((a) => a === text).length, { timeout: 10_000 }).toBe(3);
      await page.waitForTimeout(300);
      // The old rows stay; no empty text, no toast.
      await expect(page.getByTestId('products-table').getByText(NO.common.load_data)).toHaveCount(0);
      await expect(column(page, 'ean')).toHaveText(first);
      await expect(page.getByRole('cell', { name: NO.products.empty })).toHaveCount(0);
      await expect(toast(page)).toHaveCount(0);
    }
    await page.getByRole('button', { name: NO.common.clear_filters }).click();
    await expect(column(page, 'ean')).toHaveText(first);
  });
});

test('a category manager sees the products read-only', async ({ page }) => {
  await openProducts(page, 'cm');
  await expect(page.getByRole('button', { name: NO.products.create })).toHaveCount(0);
  await expect(header(page, NO.common.actions)).toHaveCount(0);
  const table = page.getByTestId('products-table');
  await expect(table.getByRole('button', { name: NO.common.edit })).toHaveCount(0);
  await expect(table.getByRole('button', { name: NO.common.delete })).toHaveCount(0);
  // Filters, search and sorting work as for everyone.
  await page.getByLabel(NO.products.category_filter).selectOption('Store');
  await expect(column(page, 'category')).toHaveText(Array(10).fill('Store'));
  const name = header(page, NO.products.fields.name);
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(column(page, 'name').first()).toHaveText(/^Tørkerull /);
});

test('the products screens in English', async ({ page }) => {
  test.setTimeout(60_000);
  const L = LOCALES.en;
  const { bearerToken } = await openProducts(page, 'admin', 'en');
  const product = await createProductViaApi(page, bearerToken, `E2E English ${Date.now() % 1e6}`);
  const ean = String(product.ean);
  try {
    await expect(header(page, L.products.fields.ean)).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByLabel(L.products.category_filter)).toContainText(L.products.all_categories);
    await expect(page.getByRole('navigation', { name: L.pagination.label })).toBeVisible();
    await snap(page, 'products-list-en');

    await page.getByRole('button', { name: L.products.create }).click();
    const form = page.getByRole('dialog', { name: L.products.create_title });
    await form.getByLabel(L.products.fields.name, { exact: true }).fill('X');
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(form.locator('#product-name-error')).toHaveText(L.validation.name_min_2_chars);
    await expect(form.locator('#product-ean-error')).toHaveText(L.validation.required_field);
    await expect(form.getByText(L.products.image_after_save)).toBeVisible();
    await snap(page, 'products-form-errors-en');
    await form.getByRole('button', { name: L.common.cancel }).click();
    await expect(form).toBeHidden();

    await findByEan(page, ean, 'en');
    await row(page, ean).getByRole('button', { name: L.common.edit }).click();
    const edit = page.getByRole('dialog', { name: L.products.edit_title });
    await edit.getByLabel(L.common.upload_image).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await redPng() });
    await expect(toast(page)).toContainText(L.server.image_saved);
    await expectLoadedImage(edit.getByTestId('product-image').getByRole('img', { name: product.name }), 200);
    await edit.getByRole('button', { name: L.common.cancel }).click();
    await expect(edit).toBeHidden();
    // The image is saved with the upload, without the modal's save.
    await row(page, ean).getByRole('button', { name: L.common.enlarge_image }).click();
    const viewer = page.getByTestId('image-viewer');
    await expectLoadedImage(viewer.getByRole('img', { name: product.name }), 300);
    await snap(page, 'products-image-viewer-en');
    await viewer.getByRole('button', { name: L.common.close }).click();
    await expect(viewer).toBeHidden();

    await row(page, ean).getByRole('button', { name: L.common.delete }).click();
    const confirm = page.getByRole('alertdialog', { name: fill(L.products.delete_confirm, { name: product.name }) });
    await expect(confirm).toContainText(ean);
    await snap(page, 'products-delete-en');
    await confirm.getByRole('button', { name: L.common.delete }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText(L.server.product_deleted);
    await expect(page.getByRole('cell', { name: L.products.empty })).toBeVisible();
  } finally {
    await deleteProductViaApi(page, bearerToken, product.id);
  }
});
