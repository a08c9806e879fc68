import type { Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';

/** Issue 15: the admin's audit log — who changed what (from → to), sign-ins and failed sign-ins. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let counter = 0;
const uniqueName = (tag: string) => `E2E ${tag} ${Date.now().toString(36)}${++counter}`;

async function newCategory(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.post('/api/categories', { form: { name, manager_id: '', groups: '', required: 'false' }, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as number;
}

const rows = (page: Page) => page.getByTestId(/^audit-row-/);
/** Rows whose action cell reads exactly `action`. */
const withAction = (page: Page, action: string) => rows(page).filter({ has: page.getByRole('cell', { name: action, exact: true }) });

for (const lang of ['no', 'en'] as Lang[]) {
  test(`the admin finds a change with its from → to, follows it, and sees a failed sign-in (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const admin = await login(page, 'admin');

    // The admin renames a category: the log must show the old and the new name.
    const before = uniqueName('Revisjon');
    const after = `${before} omdøpt`;
    const id = await newCategory(page, admin.bearerToken, before);
    const renamed = await page.request.put(`/api/categories/${id}`, { form: { name: after }, headers: auth(admin.bearerToken) });
    expect(renamed.status(), await renamed.text()).toBe(200);

    // Someone mistypes a password: no actor, the e-mail tried, never the password.
    const stranger = uniqueEmail('audit');
    const failed = await page.request.post('/api/auth/login', { form: { email: stranger, password: 'Feil-passord-2026' } });
    expect(failed.status()).toBe(401);

    await page.goto('/');
    await page.getByRole('link', { name: L.nav.audit_log }).first().click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page.getByRole('heading', { name: L.audit.title })).toBeVisible();
    await expect(page.getByTestId('audit-table').getByRole('columnheader')).toHaveText([
      L.audit.col_when,
      L.audit.col_who,
      L.audit.col_action,
      L.audit.col_entity,
      L.audit.col_changes,
    ]);

    // Filter by user and entity: both go into the URL, so a reload keeps them.
    await page.getByLabel(L.audit.filter_user).selectOption({ label: 'Ingrid Admin (admin@demo.no)' });
    await expect(page).toHaveURL(/user=\d+/);
    await page.getByLabel(L.audit.filter_entity).selectOption({ label: L.audit.entities.categories });
    await expect(page).toHaveURL(/entity=categories/);
    const update = withAction(page, L.audit.actions.update).filter({ hasText: after });
    await expect(update).toHaveCount(1);
    await expect(update.getByTestId('audit-field-name')).toHaveText(`name:${before} → ${L.audit.to} ${after}`);
    await expect(update.getByRole('cell').nth(1)).toHaveText('Ingrid Admin');
    await expect(withAction(page, L.audit.actions.create).filter({ hasText: before })).toHaveCount(1);
    // Every row of the filtered list is the admin's and a category's.
    for (const text of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(text).toContain('Ingrid Admin');
    await page.reload();
    await expect(page.getByLabel(L.audit.filter_entity)).toHaveValue('categories');
    await expect(update).toHaveCount(1);
    await snap(page, `audit-log-filtered-${lang}`);

    // The failed sign-in, by its action.
    await page.getByRole('button', { name: L.audit.clear }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await page.getByLabel(L.audit.filter_action).selectOption({ label: L.audit.actions.sign_in_failed });
    const attempt = rows(page).filter({ hasText: stranger });
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByRole('cell').nth(1)).toHaveText(L.audit.nobody);
    await expect(attempt.getByTestId('audit-field-reason')).toHaveText('reason:invalid_credentials');
    await expect(page.getByText('Feil-passord-2026')).toHaveCount(0);
    await snap(page, `audit-log-failed-sign-in-${lang}`);

    // Back to the change, and on to the entity's page.
    await page.goBack();
    await page.goBack();
    await expect(update).toHaveCount(1);
    await update.getByTestId('audit-entity-link').click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByTestId(`category-row-${after}`)).toBeVisible();
  });
}

test('the audit log is the admin\'s only: a cm-admin gets No access, and the API refuses', async ({ page }) => {
  const L = LOCALES.en;
  await useLanguage(page, 'en');
  const cmAdmin = await login(page, 'cm-admin');
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: L.nav.audit_log })).toHaveCount(0);
  const res = await page.request.get('/api/audit-log', { headers: auth(cmAdmin.bearerToken) });
  expect(res.status()).toBe(403);
});
