import { expect, fill, LOCALES, snap, test } from './fixtures';
import {
  column,
  createProductViaApi,
  deleteProductViaApi,
  expectLoadedImage,
  findByEan,
  header,
  NO,
  openProducts,
  redPng,
  row,
  toast,
} from './products-helpers';

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
    // The form was changed, so Cancel asks before it throws the typed name away.
    await form.getByRole('button', { name: L.common.cancel }).click();
    await page.getByRole('alertdialog', { name: L.unsaved.title }).getByRole('button', { name: L.unsaved.discard }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

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
