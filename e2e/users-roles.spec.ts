import { DEMO_EMAILS, expect, fill, LOCALES, login, snap, test } from './fixtures';
import { adminWithFreshUser, findByEmail, header, NO, row, rows } from './users-helpers';

test.describe('impersonation', () => {
  test('an admin signs in as a station and comes back', async ({ page }) => {
    const L = NO;
    await login(page, 'admin');
    await page.goto('/users');
    await findByEmail(page, DEMO_EMAILS.user);
    await row(page, DEMO_EMAILS.user).getByRole('button', { name: L.users.sign_in_as }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: L.users.sign_in_as }).click();

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
  // The typed passwords would be lost: Cancel asks first.
  await pwDialog.getByRole('button', { name: L.common.cancel }).click();
  await page.getByRole('alertdialog', { name: L.unsaved.title }).getByRole('button', { name: L.unsaved.discard }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

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
  await page.getByRole('alertdialog').getByRole('button', { name: L.users.sign_in_as }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toContainText(L.server.signed_in_as);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.company_planner })).toBeVisible();
  await expect(page.getByRole('heading', { name: L.dashboard.title })).toBeVisible();
  const back = page.getByRole('button', { name: L.header.back_to_admin });
  await expect(back).toBeVisible();
  await snap(page, 'impersonation-en');
});
