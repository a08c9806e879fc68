import type { Page } from '@playwright/test';
import { createUserViaApi, expect, LOCALES, login, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';

const NO = LOCALES.no;

const table = (page: Page) => page.getByTestId('categories-table');
const rows = (page: Page) => page.getByTestId(/^category-row-/);
const row = (page: Page, name: string) => page.getByTestId(`category-row-${name}`);
const toast = (page: Page) => page.getByTestId('toast');

let counter = 0;
/** A category name no other test (or earlier run) uses. */
const uniqueName = (tag: string) => `E2E ${tag} ${Date.now().toString(36)}${++counter}`;

/** Creates a category through the API with the admin's token, faster than the modal. */
async function createCategoryViaApi(
  page: Page,
  bearerToken: string,
  fields: { name: string; groups?: string[]; required?: boolean },
) {
  const form: Record<string, string> = { name: fields.name, manager_id: '', required: String(fields.required ?? false) };
  if (fields.groups?.length) fields.groups.forEach((g, i) => (form[`groups[${i}]`] = g));
  else form.groups = '';
  const res = await page.request.post('/api/categories', { form, headers: { Authorization: `Bearer ${bearerToken}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; name: string };
}

async function adminOnCategories(page: Page, lang: Lang = 'no') {
  await useLanguage(page, lang);
  const session = await login(page, 'admin');
  await page.goto('/categories');
  await expect(row(page, 'Generic')).toBeVisible();
  return session as { bearerToken: string };
}

test.describe('categories list', () => {
  test('an admin sees every category with its manager, groups and required flag', async ({ page }) => {
    await adminOnCategories(page);
    await expect(page.getByRole('heading', { name: NO.categories.title })).toBeVisible();
    await expect(page.getByRole('button', { name: NO.categories.create })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText([
      NO.categories.fields.name,
      NO.categories.fields.manager,
      NO.categories.fields.groups,
      NO.categories.fields.required,
      NO.common.actions,
    ]);
    // The seeded categories, in name order, whatever other tests added.
    const names = await rows(page).locator('td:first-child').allTextContents();
    const seeded = names.filter((n) => ['Food', 'Food Outside', 'Fuel', 'Generic', 'Loyalty / Trumf', 'Store'].includes(n));
    expect(seeded).toEqual(['Food', 'Food Outside', 'Fuel', 'Generic', 'Loyalty / Trumf', 'Store']);

    await expect(row(page, 'Food').locator('td')).toHaveText(['Food', 'Lars Kategorisjef', 'RBA, DO+', NO.common.no, '']);
    await expect(row(page, 'Generic').locator('td')).toHaveText(['Generic', 'Marte Kategorisjef', '', NO.common.yes, '']);
    await expect(row(page, 'Fuel').getByRole('button', { name: NO.common.edit })).toBeVisible();
    await expect(row(page, 'Fuel').getByRole('button', { name: NO.common.delete })).toBeVisible();
    await snap(page, 'categories-list-no');
  });

  test('shows the loading text while the list loads, and the empty text for no categories', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    await page.route((url) => url.pathname === '/api/categories', async (route) => {
      await released;
      await route.fulfill({ json: { status: 'success', message: 'Categories', data: { categories: [] } } });
    });
    await login(page, 'admin');
    await page.goto('/categories');
    await expect(table(page).getByRole('cell', { name: NO.common.load_data })).toBeVisible();
    release();
    await expect(table(page).getByRole('cell', { name: NO.categories.empty })).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
  });

  test('a cm sees the categories read-only: no create button and no actions column', async ({ page }) => {
    await login(page, 'cm');
    await page.goto('/categories');
    await expect(page.getByRole('heading', { name: NO.categories.title })).toBeVisible();
    await expect(row(page, 'Food').locator('td')).toHaveText(['Food', 'Lars Kategorisjef', 'RBA, DO+', NO.common.no]);
    await expect(page.getByRole('button', { name: NO.categories.create })).toHaveCount(0);
    await expect(table(page).getByRole('columnheader')).toHaveText([
      NO.categories.fields.name,
      NO.categories.fields.manager,
      NO.categories.fields.groups,
      NO.categories.fields.required,
    ]);
    await expect(table(page).getByRole('button')).toHaveCount(0);
    await snap(page, 'categories-list-cm-no');
  });
});

test.describe('create and edit', () => {
  test('creates a category: errors on save and on blur, a taken name, the manager select, groups and required', async ({ page }) => {
    await adminOnCategories(page);
    await page.getByRole('button', { name: NO.categories.create }).click();
    const dialog = page.getByRole('dialog', { name: NO.categories.create_title });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel(NO.categories.fields.name, { exact: true });
    const manager = dialog.getByLabel(NO.categories.fields.manager, { exact: true });
    const required = dialog.getByRole('switch', { name: NO.categories.fields.required });
    const box = (g: string) => dialog.getByRole('checkbox', { name: g, exact: true });

    // A fresh form: no name, no manager, no groups, not required.
    await expect(name).toHaveValue('');
    await expect(manager).toHaveValue('');
    for (const g of ['RBA', 'DO+', 'DO']) await expect(box(g)).not.toBeChecked();
    await expect(required).not.toBeChecked();
    // The manager is one of the category managers (role cm), or none.
    await expect(manager.locator('option')).toHaveText([NO.categories.no_manager, 'Lars Kategorisjef', 'Marte Kategorisjef']);

    // Saving empty shows the error on the name.
    await dialog.getByRole('button', { name: NO.common.create, exact: true }).click();
    await expect(dialog.locator('#category-name-error')).toHaveText(NO.validation.required_field);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await snap(page, 'categories-form-no');

    // One letter: the error shows when the field is left.
    await name.fill('F');
    await name.blur();
    await expect(dialog.locator('#category-name-error')).toHaveText(NO.validation.name_min_2_chars);

    // A name in use: the server's answer lands on the field, with an 'Error action' toast.
    await name.fill('Fuel');
    await dialog.getByRole('button', { name: NO.common.create, exact: true }).click();
    await expect(dialog.locator('#category-name-error')).toHaveText(NO.validation.name_taken);
    await expect(toast(page)).toContainText(NO.errors.error_action);
    await expect(toast(page)).toContainText(NO.validation.name_taken);
    await expect(dialog).toBeVisible();

    const created = uniqueName('ny');
    await name.fill(created);
    await expect(dialog.locator('#category-name-error')).toHaveCount(0);
    await manager.selectOption({ label: 'Lars Kategorisjef' });
    await box('DO').click();
    await box('RBA').click();
    await required.click();
    await expect(required).toBeChecked();
    await dialog.getByRole('button', { name: NO.common.create, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).not.toContainText(NO.toast.system_message);
    await expect(toast(page)).toContainText(NO.server.category_created);
    // Groups keep their order RBA, DO+, DO whatever the order of the clicks.
    await expect(row(page, created).locator('td')).toHaveText([created, 'Lars Kategorisjef', 'RBA, DO', NO.common.yes, '']);

    // Reopened for a new one, the form is clean again.
    await page.getByRole('button', { name: NO.categories.create }).click();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(manager).toHaveValue('');
    await expect(box('RBA')).not.toBeChecked();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: NO.common.cancel }).click();
    await expect(dialog).toBeHidden();
  });

  test('edits a category: the form shows its values, and the changes reach the list', async ({ page }) => {
    const { bearerToken } = await adminOnCategories(page);
    const before = uniqueName('rediger');
    await createCategoryViaApi(page, bearerToken, { name: before, groups: ['DO'], required: true });
    await page.reload();
    await expect(row(page, before).locator('td')).toHaveText([before, '', 'DO', NO.common.yes, '']);

    await row(page, before).getByRole('button', { name: NO.common.edit }).click();
    const dialog = page.getByRole('dialog', { name: NO.categories.edit_title });
    const name = dialog.getByLabel(NO.categories.fields.name, { exact: true });
    const manager = dialog.getByLabel(NO.categories.fields.manager, { exact: true });
    const required = dialog.getByRole('switch', { name: NO.categories.fields.required });
    const box = (g: string) => dialog.getByRole('checkbox', { name: g, exact: true });
    await expect(name).toHaveValue(before);
    await expect(manager).toHaveValue('');
    await expect(box('DO')).toBeChecked();
    await expect(box('RBA')).not.toBeChecked();
    await expect(box('DO+')).not.toBeChecked();
    await expect(required).toBeChecked();

    // Emptied and left, the name shows its error.
    await name.fill('');
    await name.blur();
    await expect(dialog.locator('#category-name-error')).toHaveText(NO.validation.required_field);

    // Once shown, the error follows the typing.
    const after = uniqueName('endret');
    await name.fill(after);
    await expect(dialog.locator('#category-name-error')).toHaveCount(0);
    await manager.selectOption({ label: 'Lars Kategorisjef' });
    await box('DO').click();
    await box('DO+').click();
    await required.click();
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText(NO.server.category_updated);
    await expect(row(page, after).locator('td')).toHaveText([after, 'Lars Kategorisjef', 'DO+', NO.common.no, '']);
    await expect(row(page, before)).toHaveCount(0);

    // And back to no manager and no groups.
    await row(page, after).getByRole('button', { name: NO.common.edit }).click();
    await expect(manager).toHaveValue(/^\d+$/);
    await expect(box('DO+')).toBeChecked();
    await manager.selectOption({ label: NO.categories.no_manager });
    await box('DO+').click();
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, after).locator('td')).toHaveText([after, '', '', NO.common.no, '']);
  });

  test("a manager who is no longer a category manager is shown, and the server's refusal lands on the manager field", async ({ page }) => {
    const { bearerToken } = await adminOnCategories(page);
    const auth = { Authorization: `Bearer ${bearerToken}` };
    const manager = await createUserViaApi(page, bearerToken, { email: uniqueEmail('cm'), name: 'Ola', surname: 'Tidligere', role: 'cm' });
    const name = uniqueName('tidligere');
    const created = await page.request.post('/api/categories', { form: { name, manager_id: String(manager.id), groups: '', required: 'false' }, headers: auth });
    expect(created.status()).toBe(201);
    // The manager changes job: no longer a cm, so not among the choices for a manager.
    expect((await page.request.put(`/api/users/${manager.id}`, { form: { role: 'designer' }, headers: auth })).status()).toBe(200);
    await page.reload();
    await row(page, name).getByRole('button', { name: NO.common.edit }).click();
    const dialog = page.getByRole('dialog', { name: NO.categories.edit_title });
    const select = dialog.getByLabel(NO.categories.fields.manager, { exact: true });
    await expect(select.locator('option:checked')).toHaveText('Ola Tidligere');
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog.locator('#category-manager-error')).toHaveText(NO.validation.manager_not_cm);
    await expect(toast(page)).toContainText(NO.errors.error_action);
    await dialog.getByRole('button', { name: NO.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, name).locator('td').nth(1)).toHaveText('Ola Tidligere');
  });
});

test.describe('delete', () => {
  test('deletes a category after confirmation; Escape, the overlay and back cancel', async ({ page }) => {
    const { bearerToken } = await adminOnCategories(page);
    const name = uniqueName('slett');
    await createCategoryViaApi(page, bearerToken, { name });
    await page.reload();
    const target = row(page, name);
    const dialog = page.getByRole('alertdialog', { name: NO.categories.delete_confirm });

    await target.getByRole('button', { name: NO.common.delete }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: NO.common.delete }).click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('dialog-overlay').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: NO.common.delete }).click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: NO.common.delete }).click();
    await expect(dialog).toBeVisible();
    await snap(page, 'categories-delete-no');
    await dialog.getByRole('button', { name: NO.common.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText(NO.server.category_deleted);
    await expect(target).toHaveCount(0);
    await page.reload();
    await expect(row(page, 'Generic')).toBeVisible();
    await expect(target).toHaveCount(0);
  });

  test("a category in use stays, and the server's reason is shown", async ({ page }) => {
    await adminOnCategories(page);
    await row(page, 'Food').getByRole('button', { name: NO.common.delete }).click();
    const dialog = page.getByRole('alertdialog', { name: NO.categories.delete_confirm });
    await expect(dialog).toContainText('Food');
    await dialog.getByRole('button', { name: NO.common.delete }).click();
    await expect(toast(page)).toContainText(NO.errors.error_action);
    await expect(toast(page)).toContainText(NO.validation.category_in_use);
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Food')).toBeVisible();
    await page.reload();
    await expect(row(page, 'Food').locator('td')).toHaveText(['Food', 'Lars Kategorisjef', 'RBA, DO+', NO.common.no, '']);
  });
});

test('the categories page, its modal and its confirmation in English', async ({ page }) => {
  const L = LOCALES.en;
  await adminOnCategories(page, 'en');
  await expect(page.getByRole('heading', { name: L.categories.title })).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText([
    L.categories.fields.name,
    L.categories.fields.manager,
    L.categories.fields.groups,
    L.categories.fields.required,
    L.common.actions,
  ]);
  await expect(row(page, 'Generic').locator('td')).toHaveText(['Generic', 'Marte Kategorisjef', '', L.common.yes, '']);
  await snap(page, 'categories-list-en');

  await page.getByRole('button', { name: L.categories.create }).click();
  const form = page.getByRole('dialog', { name: L.categories.create_title });
  await expect(form.getByLabel(L.categories.fields.manager, { exact: true }).locator('option')).toHaveText([
    L.categories.no_manager,
    'Lars Kategorisjef',
    'Marte Kategorisjef',
  ]);
  await form.getByRole('button', { name: L.common.create, exact: true }).click();
  await expect(form.locator('#category-name-error')).toHaveText(L.validation.required_field);
  await snap(page, 'categories-form-en');
  await form.getByRole('button', { name: L.common.cancel }).click();
  await expect(form).toBeHidden();

  await row(page, 'Store').getByRole('button', { name: L.common.delete }).click();
  const confirm = page.getByRole('alertdialog', { name: L.categories.delete_confirm });
  await expect(confirm).toContainText('Store');
  await snap(page, 'categories-delete-en');
  await confirm.getByRole('button', { name: L.common.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, 'Store')).toBeVisible();
});
