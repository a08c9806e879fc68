import { expect, fill, snap, test } from './fixtures';
import {
  COL,
  column,
  createProductViaApi,
  deleteProductViaApi,
  expectLoadedImage,
  findByEan,
  NO,
  openProducts,
  redPng,
  row,
  rows,
  toast,
  uniqueEan,
} from './products-helpers';

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
      // The list writes the price in the interface language's form.
      '12,34',
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
