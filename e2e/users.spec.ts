import type { Page } from '@playwright/test';
import {
  createUserViaApi,
  DEMO_EMAILS,
  expect,
  fill,
  LOCALES,
  login,
  snap,
  test,
  uniqueEmail,
  useLanguage,
  type Lang,
} from './fixtures';

const NO = LOCALES.no;

const rows = (page: Page) => page.getByTestId(/^user-row-/);
const row = (page: Page, email: string) => page.getByTestId(`user-row-${email}`);
const nameCells = (page: Page) => rows(page).locator('td:first-child');
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

/** Narrows the list to one email through the field search, and waits for that single row. */
async function findByEmail(page: Page, email: string, lang: Lang = 'no') {
  const L = LOCALES[lang];
  await page.getByLabel(L.common.search_field).selectOption({ label: L.users.search_fields.email });
  await page.getByLabel(L.common.search, { exact: true }).fill(email);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, email)).toBeVisible();
}

/** Signs in as admin, creates a station user through the API and opens the users page on it. */
async function adminWithFreshUser(page: Page, tag: string, lang: Lang = 'no') {
  await useLanguage(page, lang);
  const { bearerToken } = await login(page, 'admin');
  const email = uniqueEmail(tag);
  const user = await createUserViaApi(page, bearerToken, { email, name: 'E2E', surname: `Tester ${tag}` });
  await page.goto('/users');
  await findByEmail(page, email, lang);
  return user;
}

test.describe('users list', () => {
  test('lists users sorted by name descending, 10 to a page; the page size select and the pages change the rows', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: NO.users.title })).toBeVisible();
    await expect(page.getByTestId('users-table')).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(header(page, NO.users.columns.name)).toHaveAttribute('aria-sort', 'descending');
    for (const c of ['company', 'role', 'email', 'phone', 'address', 'status'] as const) {
      await expect(header(page, NO.users.columns[c])).toHaveAttribute('aria-sort', 'none');
    }
    // 'Trykkeriet AS' is the greatest name of the demo data.
    await expect(nameCells(page).first()).toHaveText('Trykkeriet AS');
    await expect(row(page, DEMO_EMAILS.printer)).toContainText(NO.roles.printer);
    await expect(row(page, DEMO_EMAILS.printer)).toContainText(DEMO_EMAILS.printer);
    const pages = page.getByRole('navigation', { name: NO.pagination.label });
    const size = page.getByLabel(NO.pagination.page_size);
    await expect(size).toHaveValue('10');
    await expect(pages).toBeVisible();
    await expect(pages.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    await snap(page, 'users-list-no');

    // Page 2 shows the next ten.
    const firstPage = await nameCells(page).allTextContents();
    await pages.getByRole('button', { name: '2', exact: true }).click();
    await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nameCells(page).first()).not.toHaveText(firstPage[0]!);
    await expect(rows(page)).toHaveCount(10);
    const secondPage = await nameCells(page).allTextContents();
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

    // 25 rows, back on page 1.
    await size.selectOption('25');
    await expect(rows(page)).toHaveCount(25);
    await expect(nameCells(page).first()).toHaveText('Trykkeriet AS');
    await expect(pages).toBeVisible();

    // 100 rows: everyone fits (39 demo users and a few made by tests), no pages.
    await size.selectOption('100');
    // The last names of the sort order are among them.
    await expect(row(page, 'station32@demo.no')).toBeVisible();
    await expect(row(page, DEMO_EMAILS.admin)).toBeVisible();
    await expect(pages).toBeHidden();
    const all = await rows(page).count();
    expect(all).toBeGreaterThan(25);
    expect(all).toBeLessThanOrEqual(100);

    await size.selectOption('10');
    await expect(rows(page)).toHaveCount(10);
    await expect(pages).toBeVisible();
  });

  test("a column header cycles descending, ascending and no sort; 'Administrators only' resets it", async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    const name = header(page, NO.users.columns.name);
    const email = header(page, NO.users.columns.email);
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(nameCells(page).first()).toHaveText('Trykkeriet AS');

    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameCells(page).first()).toHaveText('Distribusjon Norge');

    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'none');
    // No sort: the order of creation, the first seeded user first.
    await expect(nameCells(page).first()).toHaveText('Ingrid Admin');
    await expect(rows(page).first()).toHaveAttribute('data-testid', 'user-row-admin@demo.no');

    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(nameCells(page).first()).toHaveText('Trykkeriet AS');

    // Another column starts its own cycle at descending; the name column is no longer sorted.
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(name).toHaveAttribute('aria-sort', 'none');
    await expect(rows(page).first()).toHaveAttribute('data-testid', 'user-row-user@demo.no');
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toHaveAttribute('data-testid', 'user-row-admin@demo.no');

    // The 'Administrators only' switch shows admins and cm-admins, and puts the sorting back to name descending.
    const adminOnly = page.getByRole('switch', { name: NO.users.admin_only });
    await adminOnly.click();
    await expect(adminOnly).toBeChecked();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, DEMO_EMAILS.admin)).toContainText(NO.roles.admin);
    await expect(row(page, DEMO_EMAILS['cm-admin'])).toContainText(NO.roles['cm-admin']);
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(email).toHaveAttribute('aria-sort', 'none');
    await expect(page.getByRole('navigation', { name: NO.pagination.label })).toBeHidden();
    await adminOnly.click();
    await expect(adminOnly).not.toBeChecked();
    await expect(rows(page)).toHaveCount(10);
  });

  test('the field search filters after the debounce, the clear button resets, no match shows the empty text', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(10);
    const searched: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/users' && r.method() === 'GET') searched.push(url.searchParams.get('obj_search[input_value]') ?? '');
    });

    const field = page.getByLabel(NO.common.search_field);
    const input = page.getByLabel(NO.common.search, { exact: true });
    const clear = page.getByRole('button', { name: NO.common.clear_filters });
    await expect(field).toHaveValue('all');
    await expect(clear).toBeHidden();

    await field.selectOption({ label: NO.users.search_fields.email });
    await expect(clear).toBeVisible();
    await input.pressSequentially('station0', { delay: 40 });
    await expect(rows(page)).toHaveCount(9);
    for (const email of await rows(page).evaluateAll((rs) => rs.map((r) => r.getAttribute('data-testid')))) {
      expect(email).toMatch(/^user-row-station0\d@demo\.no$/);
    }
    // One request for the whole word, none for each keystroke.
    expect(searched.filter((s) => s !== '' && s !== 'station0')).toEqual([]);
    expect(searched.filter((s) => s === 'station0')).toHaveLength(1);

    // The field matters: 'Bergen' is one company name but two addresses (kommune Bergen).
    await input.fill('Bergen');
    await field.selectOption({ label: NO.users.search_fields.company });
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'station03@demo.no')).toBeVisible();
    await field.selectOption({ label: NO.users.search_fields.address });
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'station04@demo.no')).toBeVisible();

    await clear.click();
    await expect(field).toHaveValue('all');
    await expect(input).toHaveValue('');
    await expect(clear).toBeHidden();
    await expect(rows(page)).toHaveCount(10);
    await expect(nameCells(page).first()).toHaveText('Trykkeriet AS');

    // A search without matches shows the empty text.
    await input.fill('no-such-user-anywhere-xyz');
    await expect(page.getByTestId('users-table').getByRole('cell', { name: NO.users.empty })).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: NO.pagination.label })).toBeHidden();
  });
});

test.describe('create and edit', () => {
  test('creates a user through the modal; the group ticks its preset categories', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    const email = uniqueEmail('create');
    await page.getByRole('button', { name: NO.users.create }).click();
    const dialog = page.getByRole('dialog', { name: NO.users.create_title });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(NO.users.fields.email, { exact: true }).fill(email);
    await dialog.getByLabel(NO.users.fields.password, { exact: true }).fill('Velkommen2026');
    await dialog.getByLabel(NO.users.fields.name, { exact: true }).fill('E2E');
    await dialog.getByLabel(NO.users.fields.surname, { exact: true }).fill('Opprettet');
    await dialog.getByLabel(NO.users.fields.company_name, { exact: true }).fill('E2E Handel AS');
    await expect(dialog.getByLabel(NO.users.fields.role, { exact: true })).toHaveValue('user');

    const box = (name: string) => dialog.getByRole('checkbox', { name, exact: true });
    for (const c of ['Generic', 'Fuel', 'Loality / Trumf', 'Food', 'Food Outside', 'Store']) await expect(box(c)).not.toBeChecked();
    await dialog.getByLabel(NO.users.fields.group, { exact: true }).selectOption('DO');
    for (const c of ['Generic', 'Fuel', 'Loality / Trumf']) await expect(box(c)).toBeChecked();
    for (const c of ['Food', 'Food Outside', 'Store']) await expect(box(c)).not.toBeChecked();

    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(NO.toast.system_message);
    await expect(toast).toContainText(NO.server.user_created);

    await findByEmail(page, email);
    await expect(row(page, email)).toContainText('E2E Opprettet');
    await expect(row(page, email)).toContainText('E2E Handel AS');
    await expect(row(page, email)).toContainText(NO.roles.user);
    await expect(row(page, email).getByRole('img', { name: NO.users.active })).toBeVisible();

    // The group and its categories were saved.
    await row(page, email).getByRole('button', { name: NO.common.edit }).click();
    const edit = page.getByRole('dialog', { name: NO.users.edit_title });
    await expect(edit.getByLabel(NO.users.fields.group, { exact: true })).toHaveValue('DO');
    for (const c of ['Generic', 'Fuel', 'Loality / Trumf']) await expect(edit.getByRole('checkbox', { name: c, exact: true })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: 'Food', exact: true })).not.toBeChecked();
  });

  test('the create modal validates its fields, and refuses an email in use', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await page.getByRole('button', { name: NO.users.create }).click();
    const dialog = page.getByRole('dialog', { name: NO.users.create_title });
    const email = dialog.getByLabel(NO.users.fields.email, { exact: true });
    const password = dialog.getByLabel(NO.users.fields.password, { exact: true });
    const name = dialog.getByLabel(NO.users.fields.name, { exact: true });
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog.locator('#user-email-error')).toHaveText(NO.validation.email_required);
    await expect(dialog.locator('#user-password-error')).toHaveText(NO.validation.required_field);
    await expect(dialog.locator('#user-name-error')).toHaveText(NO.validation.required_field);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await snap(page, 'user-form-no');

    // Reopened, the form is clean; an invalid email shows its error when the field is left.
    await dialog.getByRole('button', { name: NO.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: NO.users.create }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await email.fill('not-an-email');
    await expect(dialog.locator('#user-email-error')).toHaveCount(0);
    await email.blur();
    await expect(dialog.locator('#user-email-error')).toHaveText(NO.validation.valid_email);
    // A short password and a one-letter name get their own messages.
    await password.fill('abc');
    await password.blur();
    await expect(dialog.locator('#user-password-error')).toHaveText(NO.validation.password_min_8);
    await name.fill('E');
    await name.blur();
    await expect(dialog.locator('#user-name-error')).toHaveText(NO.validation.name_min_2_chars);

    // Valid in the form, but the server knows the email: its answer lands on the field.
    await email.fill(DEMO_EMAILS.printer);
    await password.fill('Velkommen2026');
    await name.fill('Dobbel');
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog.locator('#user-email-error')).toHaveText(NO.validation.email_taken);
    await expect(page.getByTestId('toast')).toContainText(NO.errors.error_action);
    await expect(dialog).toBeVisible();
  });

  test('edits the name of a user', async ({ page }) => {
    const user = await adminWithFreshUser(page, 'edit');
    await row(page, user.email).getByRole('button', { name: NO.common.edit }).click();
    const dialog = page.getByRole('dialog', { name: NO.users.edit_title });
    await expect(dialog.getByLabel(NO.users.fields.email, { exact: true })).toHaveValue(user.email);
    await expect(dialog.getByLabel(NO.users.fields.password, { exact: true })).toHaveCount(0);
    const name = dialog.getByLabel(NO.users.fields.name, { exact: true });
    await expect(name).toHaveValue('E2E');
    await name.fill('Endret');
    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(NO.server.user_updated);
    await expect(row(page, user.email).locator('td').first()).toHaveText('Endret Tester edit');
  });
});

test.describe('password', () => {
  test('changes the password of a user, who then signs in with it', async ({ page }) => {
    const L = NO;
    const user = await adminWithFreshUser(page, 'pw');
    await row(page, user.email).getByRole('button', { name: L.users.change_password }).click();
    const dialog = page.getByRole('dialog', { name: L.users.change_password });
    await expect(dialog).toContainText(user.email);
    const pw = dialog.getByLabel(L.users.new_password);
    const confirm = dialog.getByLabel(L.users.confirm_password);

    // Only letters and digits stay in the input.
    await pw.pressSequentially('Ab-c 1!2_3#x.');
    await expect(pw).toHaveValue('Abc123x');
    await pw.fill('Ny+Pass 2026!');
    await expect(pw).toHaveValue('NyPass2026');

    await confirm.fill('NyPass2027');
    await dialog.getByRole('button', { name: L.common.save }).click();
    await expect(dialog.getByText(L.validation.passwords_match)).toBeVisible();
    await snap(page, 'change-password-no');

    await confirm.fill('NyPass2026');
    await dialog.getByRole('button', { name: L.common.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(L.server.password_updated);

    // A new visitor signs in with the new password through the form.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel(L.auth.email).fill(user.email);
    await page.getByLabel(L.auth.password).fill('NyPass2026');
    await page.getByRole('button', { name: L.auth.sign_in }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: L.dashboard.title })).toBeVisible();
    await expect(page.getByText(fill(L.dashboard.welcome, { name: 'E2E' }))).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.company_planner })).toBeVisible();
  });
});

test.describe('delete', () => {
  test('deletes a user after confirmation; Escape and the overlay cancel', async ({ page }) => {
    const L = NO;
    const user = await adminWithFreshUser(page, 'del');
    const target = row(page, user.email);
    const dialog = page.getByRole('alertdialog', { name: L.users.delete_confirm });

    await target.getByRole('button', { name: L.common.delete }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`E2E Tester del (${user.email})`);
    await expect(dialog.getByRole('note')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: L.common.delete }).click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('dialog-overlay').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: L.common.delete }).click();
    await expect(dialog).toBeVisible();
    await snap(page, 'delete-user-no');
    await dialog.getByRole('button', { name: L.common.delete }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(L.server.user_deleted);
    await expect(target).toHaveCount(0);
    await expect(page.getByRole('cell', { name: L.users.empty })).toBeVisible();

  });

  test('warns before deleting a category manager (opened and cancelled)', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await findByEmail(page, DEMO_EMAILS.cm);
    await row(page, DEMO_EMAILS.cm).getByRole('button', { name: NO.common.delete }).click();
    const dialog = page.getByRole('alertdialog', { name: NO.users.delete_confirm });
    await expect(dialog).toContainText('Lars Kategorisjef (cm@demo.no)');
    // cm@demo.no manages Food, Food Outside and Fuel (and whatever other tests gave it): the warning names them all.
    const [before, after] = NO.users.delete_manager_warning.split('{{category}}') as [string, string];
    await expect(dialog.getByRole('note')).toContainText(before);
    await expect(dialog.getByRole('note')).toContainText(`Food, Food Outside, Fuel${after}`);
    await dialog.getByRole('button', { name: NO.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, DEMO_EMAILS.cm)).toBeVisible();
  });
});

test('the browser back button closes an open modal and stays on the page', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/');
  await page.getByTestId('sidebar').getByRole('link', { name: NO.nav.users }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('button', { name: NO.users.create }).click();
  const dialog = page.getByRole('dialog', { name: NO.users.create_title });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: NO.users.title })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  // The modal's history entry is gone: back once more leaves the users page.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('impersonation', () => {
  test('an admin signs in as a station and comes back', async ({ page }) => {
    const L = NO;
    await login(page, 'admin');
    await page.goto('/users');
    await findByEmail(page, DEMO_EMAILS.user);
    await row(page, DEMO_EMAILS.user).getByRole('button', { name: L.users.sign_in_as }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toContainText(L.server.signed_in_as);
    const sidebar = page.getByTestId('sidebar').getByRole('link');
    await expect(sidebar).toHaveText(
      (['dashboard', 'company_planner', 'history_planner', 'user_promotions', 'feedback_messages'] as const).map((k) => L.nav[k]),
    );
    await expect(page.getByText(fill(L.dashboard.welcome, { name: 'Stasjon' }))).toBeVisible();
    const back = page.getByRole('button', { name: L.header.back_to_admin });
    await expect(back).toBeVisible();
    await snap(page, 'impersonation-no');

    await back.click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId('toast')).toContainText(L.server.back_to_admin);
    await expect(back).toBeHidden();
    await expect(page.getByRole('heading', { name: L.users.title })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.system_settings })).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: L.header.account_menu }).click();
    await expect(page.getByRole('menu')).toContainText('Ingrid Admin');
  });
});

test.describe('role rules', () => {
  test('a designer sees only its own row and cannot create', async ({ page }) => {
    await login(page, 'designer');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: NO.users.title })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    const own = row(page, DEMO_EMAILS.designer);
    await expect(own).toBeVisible();
    await expect(page.getByRole('button', { name: NO.users.create })).toHaveCount(0);
    await expect(own.getByRole('button', { name: NO.common.edit })).toBeVisible();
    for (const name of [NO.common.delete, NO.users.change_password, NO.users.sign_in_as]) {
      await expect(own.getByRole('button', { name })).toHaveCount(0);
    }
  });

  test('a cm sees no create, delete or password buttons, and edits only itself', async ({ page }) => {
    await login(page, 'cm');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole('button', { name: NO.users.create })).toHaveCount(0);
    const table = page.getByTestId('users-table');
    for (const name of [NO.common.delete, NO.users.change_password, NO.users.sign_in_as, NO.common.edit]) {
      await expect(table.getByRole('button', { name })).toHaveCount(0);
    }
    // A cm does not see admins, printers and the like.
    await page.getByRole('switch', { name: NO.users.admin_only }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, DEMO_EMAILS['cm-admin'])).toBeVisible();
    await page.getByRole('switch', { name: NO.users.admin_only }).click();
    await findByEmail(page, DEMO_EMAILS.cm);
    await expect(row(page, DEMO_EMAILS.cm).getByRole('button', { name: NO.common.edit })).toBeVisible();
    await expect(row(page, DEMO_EMAILS.cm).getByRole('button', { name: NO.common.delete })).toHaveCount(0);
  });

  test('after an admin signs out, the next user in the same tab does not see the admin list', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users');
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: NO.header.account_menu }).click();
    await page.getByRole('menuitem', { name: NO.header.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(NO.auth.email).fill(DEMO_EMAILS.designer);
    await page.getByRole('button', { name: NO.auth.sign_in }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('sidebar').getByRole('link', { name: NO.nav.users }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(row(page, DEMO_EMAILS.designer)).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: NO.users.create })).toHaveCount(0);
  });
});

test('the users screens and the impersonated dashboard in English', async ({ page }) => {
  const L = LOCALES.en;
  const user = await adminWithFreshUser(page, 'en', 'en');

  // The list, unfiltered.
  await page.getByRole('button', { name: L.common.clear_filters }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('heading', { name: L.users.title })).toBeVisible();
  await expect(header(page, L.users.columns.name)).toHaveAttribute('aria-sort', 'descending');
  await expect(row(page, DEMO_EMAILS.printer)).toContainText(L.roles.printer);
  await expect(page.getByRole('navigation', { name: L.pagination.label })).toBeVisible();
  await snap(page, 'users-list-en');

  // The create modal with its errors.
  await page.getByRole('button', { name: L.users.create }).click();
  const form = page.getByRole('dialog', { name: L.users.create_title });
  await form.getByRole('button', { name: L.common.save }).click();
  await expect(form.locator('#user-email-error')).toHaveText(L.validation.email_required);
  await expect(form.locator('#user-password-error')).toHaveText(L.validation.required_field);
  await expect(form.locator('#user-name-error')).toHaveText(L.validation.required_field);
  await snap(page, 'user-form-en');
  await form.getByRole('button', { name: L.common.cancel }).click();
  await expect(form).toBeHidden();

  await findByEmail(page, user.email, 'en');

  await row(page, user.email).getByRole('button', { name: L.users.change_password }).click();
  const pwDialog = page.getByRole('dialog', { name: L.users.change_password });
  await pwDialog.getByLabel(L.users.new_password).fill('NewPass2026');
  await pwDialog.getByLabel(L.users.confirm_password).fill('NewPass2025');
  await pwDialog.getByRole('button', { name: L.common.save }).click();
  await expect(pwDialog.getByText(L.validation.passwords_match)).toBeVisible();
  await snap(page, 'change-password-en');
  await pwDialog.getByRole('button', { name: L.common.cancel }).click();
  await expect(pwDialog).toBeHidden();

  await row(page, user.email).getByRole('button', { name: L.common.delete }).click();
  const delDialog = page.getByRole('alertdialog', { name: L.users.delete_confirm });
  await expect(delDialog).toContainText(user.email);
  await expect(delDialog.getByRole('button', { name: L.common.cancel })).toBeVisible();
  await snap(page, 'delete-user-en');
  await delDialog.getByRole('button', { name: L.common.cancel }).click();
  await expect(delDialog).toBeHidden();
  await expect(row(page, user.email)).toBeVisible();

  await findByEmail(page, DEMO_EMAILS.user, 'en');
  await row(page, DEMO_EMAILS.user).getByRole('button', { name: L.users.sign_in_as }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toContainText(L.server.signed_in_as);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.company_planner })).toBeVisible();
  await expect(page.getByRole('heading', { name: L.dashboard.title })).toBeVisible();
  const back = page.getByRole('button', { name: L.header.back_to_admin });
  await expect(back).toBeVisible();
  await snap(page, 'impersonation-en');
});
