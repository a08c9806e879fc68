import { DEMO_EMAILS, expect, fill, login, snap, test, uniqueEmail } from './fixtures';
import { adminWithFreshUser, findByEmail, NO, row, rows } from './users-helpers';

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
    for (const c of ['Generic', 'Fuel', 'Loyalty / Trumf', 'Food', 'Food Outside', 'Store']) await expect(box(c)).not.toBeChecked();
    await dialog.getByLabel(NO.users.fields.group, { exact: true }).selectOption('DO');
    for (const c of ['Generic', 'Fuel', 'Loyalty / Trumf']) await expect(box(c)).toBeChecked();
    for (const c of ['Food', 'Food Outside', 'Store']) await expect(box(c)).not.toBeChecked();

    await dialog.getByRole('button', { name: NO.common.save }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByTestId('toast');
    await expect(toast).not.toContainText(NO.toast.system_message);
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
    for (const c of ['Generic', 'Fuel', 'Loyalty / Trumf']) await expect(edit.getByRole('checkbox', { name: c, exact: true })).toBeChecked();
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
