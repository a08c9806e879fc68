import type { Page } from '@playwright/test';
import { DEMO_EMAILS, expect, login, snap, test } from './fixtures';
import { header, NO, row, rows } from './users-helpers';

const nameCells = (page: Page) => rows(page).locator('td:first-child');

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
