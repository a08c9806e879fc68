import { expect, LOCALES, snap, test } from './fixtures';
import { column, findByEan, header, NO, openProducts, rows, toast } from './products-helpers';

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
      'Loyalty / Trumf',
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
    // Prices read in Norwegian: 1\u00a0209,80.
    const prices = async () => (await column(page, 'price_per_item').allTextContents()).map((p) => Number(p.replace(/\s/g, '').replace(',', '.')));

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(ean).toHaveAttribute('aria-sort', 'none');
    // The dearest seeded product costs 209,80, the cheapest 9,90.
    await expect(column(page, 'price_per_item').first()).toHaveText('209,80');
    expect(isSorted(await prices(), 'desc')).toBe(true);

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(page, 'price_per_item').first()).toHaveText('9,90');
    expect(isSorted(await prices(), 'asc')).toBe(true);

    // No sort: the order of creation, the first seeded product (vendor code 500000) first.
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'none');
    await expect(column(page, 'vendor_code').first()).toHaveText('500000');
    await expect(column(page, 'vendor_code')).toHaveText(Array.from({ length: 10 }, (_, i) => String(500_000 + i)));

    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(column(page, 'price_per_item').first()).toHaveText('209,80');

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

test.describe('totals of broad searches', () => {
  for (const lang of ['no', 'en'] as const) {
    test(`a search matching more than 1,000 products says "about N", a narrow one says nothing (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await openProducts(page, 'admin', lang);
      const input = page.getByLabel(L.common.search, { exact: true });
      const about = page.getByTestId('products-about-total');
      await expect(about).toBeHidden();
      // 1,522 of the 2,000 seeded names have an 'e': the database's estimate, not a count.
      await input.fill('e');
      await expect(about).toBeVisible();
      const n = Number((await about.textContent())!.replace(/\D/g, ''));
      expect(n).toBeGreaterThan(1000);
      expect(n).toBeLessThan(4000);
      await expect(about).toHaveText(L.products.about_total_other.replace('{{total}}', new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'nb-NO').format(n)));
      await expect(page.getByRole('navigation', { name: L.pagination.label })).toBeVisible();
      await snap(page, `products-about-total-${lang}`);
      // 'brunost' finds a few hundred at most: counted exactly, nothing said.
      await input.fill('brunost');
      await expect(column(page, 'name').first()).toHaveText(/^Brunost \d+$/);
      await expect(about).toBeHidden();
    });
  }
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
